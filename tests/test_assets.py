"""The vendored front-end libraries: present, pinned, served, and in step with plotly.py."""
from __future__ import annotations

import json
import re
from pathlib import Path

import plotly.offline
from flask.testing import FlaskClient

ROOT = Path(__file__).resolve().parents[1]
VENDOR = ROOT / "static" / "vendor"


def test_package_json_pins_exact_versions_and_matches_the_copies() -> None:
    pins = json.loads((ROOT / "package.json").read_text())["dependencies"]
    assert all(re.fullmatch(r"\d+\.\d+\.\d+", v) for v in pins.values()), pins
    assert pins["htmx.org"].startswith("2.")
    listed = dict(line.split(" ", 1) for line in (VENDOR / "VERSIONS").read_text().splitlines())
    assert listed == pins
    assert f'version:"{pins["htmx.org"]}"' in (VENDOR / "htmx" / "htmx.min.js").read_text()
    assert re.search(rf'version:\s*"{re.escape(pins["katex"])}"', (VENDOR / "katex" / "katex.min.js").read_text())


def test_plotly_js_matches_the_installed_plotly_py() -> None:
    pins = json.loads((ROOT / "package.json").read_text())["dependencies"]
    expected = plotly.offline.get_plotlyjs_version()
    assert pins["plotly.js-cartesian-dist-min"] == expected
    head = (VENDOR / "plotly" / "plotly-cartesian.min.js").read_text()[:400]
    assert f"v{expected}" in head


def test_every_katex_font_the_stylesheet_prefers_is_vendored() -> None:
    css = (VENDOR / "katex" / "katex.min.css").read_text()
    fonts = set(re.findall(r"url\(fonts/([\w-]+\.woff2)\)", css))
    assert fonts and all((VENDOR / "katex" / "fonts" / f).is_file() for f in fonts)


def test_assets_are_served_with_a_version_tag(client: FlaskClient) -> None:
    html = client.get("/").text
    urls = re.findall(r'(?:src|href)="(/static/[^"]+)"', html)
    assert any("htmx.min.js?v=" in u for u in urls) and any("katex.min.css?v=" in u for u in urls)
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        response.close()


def test_judge_sample_copies_agree_with_shared() -> None:
    """tests/fixtures/judge keeps only the samples, so the tests run without ../shared."""
    shared = ROOT.parent / "shared" / "judge"
    for copy in (ROOT / "tests" / "fixtures" / "judge").glob("*.json"):
        if (shared / copy.name).is_file():
            original = json.loads((shared / copy.name).read_text())
            assert json.loads(copy.read_text())["samples"] == original["samples"]
