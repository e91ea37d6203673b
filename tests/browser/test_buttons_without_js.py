"""Buttons that set a field the form also carries (a staircase move, an every-SG turn) must win
over it with JavaScript off, where the browser sends both: the button's own key does."""
from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.conftest import Watch


def test_a_staircase_move_without_javascript(live_server: str, no_js_page: tuple[Page, Watch]) -> None:
    page, _ = no_js_page
    page.goto(live_server + "/w/staircase?coins=3,5,4,2,6")
    page.get_by_role("button", name="move 1 from step 4 to step 3").click()
    expect(page.locator("input[name=coins]")).to_have_value("3,5,5,1,6")
    expect(page.locator(".explain")).to_contain_text("3 ⊕ 5 ⊕ 6 = 0")


def test_an_every_sg_turn_without_javascript(live_server: str, no_js_page: tuple[Page, Watch]) -> None:
    page, _ = no_js_page
    page.goto(live_server + "/w/every-sg?size=8&pairs=3,5%202,7")
    page.get_by_role("button", name="Play this turn in every game").click()
    expect(page.locator("input[name=pairs]")).to_have_value("2,3 2,3")
    expect(page.locator(".every-games")).to_contain_text("(2, 3): 2 steps")


def test_nim_heap_buttons_without_javascript(live_server: str, no_js_page: tuple[Page, Watch]) -> None:
    page, _ = no_js_page
    page.goto(live_server + "/w/xor-columns?heaps=14,21,39")
    page.get_by_role("button", name="+ Heap").click()
    expect(page.locator("input[name=heaps]")).to_have_value("14,21,39,1")
    page.get_by_role("button", name="− Last heap").click()
    expect(page.locator("input[name=heaps]")).to_have_value("14,21,39")
    page.get_by_role("button", name="Take 12 from heap 3").click()
    expect(page.locator("input[name=heaps]")).to_have_value("14,21,27")


def test_k_multiple_move_buttons_without_javascript(live_server: str, no_js_page: tuple[Page, Watch]) -> None:
    page, _ = no_js_page
    page.goto(live_server + "/w/k-multiple?n=20&k=2")
    page.get_by_role("button", name="★ Take 2").click()
    expect(page.locator("input[name=n]")).to_have_value("18")
    expect(page.locator("input[name=cap]")).to_have_value("4")
    expect(page.locator(".widget-k-multiple .explain")).to_contain_text("18 = 13 + 5")
    page.get_by_role("button", name="Take 1", exact=True).click()  # the opponent's reply
    expect(page.locator("input[name=n]")).to_have_value("17")
    expect(page.locator("input[name=cap]")).to_have_value("2")


def test_coin_buttons_without_javascript(live_server: str, no_js_page: tuple[Page, Watch]) -> None:
    page, _ = no_js_page
    page.goto(live_server + "/w/coins?row=THHTH")
    page.get_by_role("button", name="Coin 0: tails; turn it over").click()
    expect(page.locator("input[name=row]")).to_have_value("HHHTH")
    page.get_by_role("button", name="Coin 0: heads; turn it over").click()
    expect(page.locator("input[name=row]")).to_have_value("THHTH")
    page.get_by_role("button", name="Turn over 1, 2, 4").click()
    expect(page.locator("input[name=row]")).to_have_value("TTTTT")
    expect(page.locator(".widget-coins .explain")).to_contain_text("No head is left")
