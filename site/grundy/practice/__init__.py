"""Practice: games to play against the computer and self-quizzes, built on the engine alone.

:mod:`grundy.practice.arenas` says what a practice game is (a rule and a position made of
components); :mod:`grundy.practice.quiz` makes reproducible questions and checks answers;
:mod:`grundy.practice.play` replays a game from its URL and answers with a perfect move.
"""
