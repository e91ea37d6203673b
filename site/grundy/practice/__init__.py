"""Practice: games to play against the computer and self-quizzes, built on the engine alone.

:mod:`grundy.practice.arena` plays any family of the engine as a practice game (a rule and a
position made of components); :mod:`grundy.practice.games` holds one spec per game (its words,
lesson, quiz draws, starts and visual); :mod:`grundy.practice.quiz` makes reproducible questions and checks answers;
:mod:`grundy.practice.play` replays a game from its URL and answers with a perfect move.
"""
