"""The face of the site: Flask blueprints that parse, ask the engine, and render templates."""
from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask, url_for
from jinja2 import FileSystemLoader

from grundy.lessons import Catalog
from grundy.lessons.glossary import load as load_glossary
from grundy.lessons.problems import load as load_problems
from grundy.words import describe
from grundy.web import assets, classroom, csrf, delivery, language, lessons, practice, present, scores, security, stack, turns, widgets

ROOT = Path(__file__).resolve().parents[3]


def register(app: Flask, config: Mapping[str, Any]) -> None:
    """Configure ``app`` and render every lesson once, so a broken lesson stops start-up."""
    app.config.update(
        CONTENT_DIR=ROOT / "content" / "en",
        STATIC_DIR=ROOT / "static",
        TEMPLATE_DIR=ROOT / "templates",
        SEND_FILE_MAX_AGE_DEFAULT=3600,
    )
    app.config.update(config)
    app.jinja_loader = FileSystemLoader(str(app.config["TEMPLATE_DIR"]))
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
    # "take a Fibonacci number" → "Take a Fibonacci number" (Jinja's capitalize would lower the F)
    app.jinja_env.filters["sentence"] = lambda text: text[:1].upper() + text[1:]
    app.jinja_env.filters["describe"] = describe  # an engine move (an Action) in words (grundy.words.moves)

    security.register(app)
    turns.register(app)
    instance = Path(app.config.get("INSTANCE_DIR", ROOT / "instance"))
    scores.register(app, instance)
    csrf.register(app)
    assets.register(app)
    app.register_blueprint(widgets.bp)
    app.register_blueprint(present.bp)
    app.register_blueprint(lessons.bp)
    app.register_blueprint(practice.bp)
    classroom.register(app, instance)
    delivery.register(app)
    language.register(app, instance)
    stack.build(app)  # the WSGI layers, once: the language prefix outermost, so the rest see /zh/… as /…

    app.extensions["grundy.problems"] = load_problems(ROOT / "content" / "problems.yaml")
    app.extensions["grundy.glossary"] = load_glossary(ROOT / "content" / "glossary.yaml")
    # One catalogue of lessons per language, each rendered as a request in that language would
    # (its widgets' words and links); a Chinese lesson not written yet falls back to the English.
    # Rendered lessons kept for the next process (grundy.lessons.catalog): the app's LESSON_CACHE,
    # else GRUNDY_LESSON_CACHE (empty: none), else instance/lessons.
    kept = app.config.get("LESSON_CACHE", os.environ.get("GRUNDY_LESSON_CACHE", instance / "lessons"))
    disk = Path(kept) if kept else None
    catalogs = {}
    for code, lang in language.LANGUAGES.items():
        directory = Path(app.config["CONTENT_DIR"]) if code == language.DEFAULT else ROOT / "content" / code
        context = {language.ENVIRON_KEY: code, "SCRIPT_NAME": lang.prefix}
        with app.test_request_context("/", environ_overrides=context):
            catalogs[code] = Catalog(directory, widgets.lesson_widget_renderer(), app.extensions["grundy.glossary"],
                                     url_for("lessons.glossary"), language=code, disk=disk)
            catalogs[code].load()
    app.extensions["grundy.catalogs"] = catalogs
    app.extensions["grundy.catalog"] = catalogs[language.DEFAULT]
