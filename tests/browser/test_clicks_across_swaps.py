"""A click on a board taken while a setting's answer is on its way (issue 24's race, for clicks):
the click waits for the answer, then is taken on the new board at the same place with the new
setting. The button's value was the position after the move under the old setting, which the
new board may not have at all (htmx would otherwise find no such button and only re-apply the
settings): each such button is found again by its id, where it stands. A loaded CI machine met
this race in the octal widget's play."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Watch, hold_answer

# (the widget's page, its setting that applies at once and the new value, the button clicked
# meanwhile (named as before the answer), and what the board then says)
CASES = {
    "octal-pins": ("/w/octal-sequence?code=.77&n=8", "take", "2", "Take from pin 4", ".pins-play", "It had no winning move"),
    "ring-coins": ("/w/ring?n=8", "take", "2", "Take 1 coin from coin 1", ".widget", "Alice took coins 1 and 2"),
}


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_a_board_clicked_while_a_setting_is_on_its_way_takes_the_new_setting(
        live_server: str, watched: tuple[Page, Watch], case: tuple[str, str, str, str, str, str]) -> None:
    url, setting, value, button, where, said = case
    page, _ = watched
    page.goto(live_server + url)
    answer = hold_answer(page, f"**{url.split('?')[0]}?*", lambda asked: f"{setting}={value}" in asked,
                         lambda: page.locator(f"select[name={setting}]").select_option(value))
    page.get_by_role("button", name=button).click()
    answer.continue_()
    expect(page.locator(where).first).to_contain_text(said)
