"""Saying a sentence that a widget's template would otherwise choose among variants of (a
plural in each of several cases, a case nested in another): the widget's module picks the
message in Python and says it here, and the template prints the one sentence it gets.

Said as ``{% trans %}`` says it (Jinja's newstyle gettext): in the request's language, the
message's own HTML kept and the values put into it escaped; so the msgids, and the Chinese in
the catalogue, are the ones the template used. Extracted by the names Babel knows (gettext,
ngettext)."""
from __future__ import annotations

from markupsafe import Markup

from grundy.i18n import translations


def gettext(message: str, **variables: object) -> Markup:
    """``message`` in the request's language, its ``%(name)s`` placeholders filled (escaped)."""
    return Markup(translations().ugettext(message)) % variables


def ngettext(singular: str, plural: str, count: int, **variables: object) -> Markup:
    """The singular or the plural, as the language says ``count`` of a thing (``%(count)s``)."""
    return Markup(translations().ungettext(singular, plural, count)) % {"count": count, **variables}


def paragraph(*sentences: Markup) -> Markup:
    """Whole sentences one after another, as the language runs them on (English puts a space
    after a full stop, Chinese none after 。): the catalogue says how, like any other words."""
    said = sentences[0]
    for sentence in sentences[1:]:
        said = gettext("%(sentence)s %(next)s", sentence=said, next=sentence)
    return said


__all__ = ["gettext", "ngettext", "paragraph"]
