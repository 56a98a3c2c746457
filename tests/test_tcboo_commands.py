"""There Can Be Only One's commands take what their help says (issue 33, point 10), and
bad sheets get one clear message each; in-process through the CLI."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from hlcg.cli.app import build

runner = CliRunner()
APP = build()
ROLL = "examples/tcboo/legal-roll.toml"
RANGE = "examples/tcboo/stat-range.toml"


def invoke(*args: str):
    return runner.invoke(APP, ["tcboo", *args])


def test_a_sheet_with_a_premade_a_sword_and_several_sheets():
    both = invoke("check", ROLL, "--premade", "Connor MacLeod", "--sword", "Claymore", "-o", "json")
    assert both.exit_code == 0, both.output
    answers = json.loads(both.stdout)["sheets"]
    assert [a["premade"] for a in answers] == [False, True]
    assert [a["derived"]["sword"] for a in answers] == ["Claymore", "Claymore"]
    several = invoke("check", ROLL, RANGE)
    assert several.exit_code == 1
    assert several.stdout.count("\nLEGAL") + several.stdout.startswith("LEGAL") == 1
    assert "ILLEGAL: 1 problem" in several.stdout
    assert invoke("check").exit_code == 2


def test_immortals_and_location():
    immortals = invoke("immortals", "--json")
    assert [i["name"] for i in json.loads(immortals.stdout)] == [
        "Conner MacLeod",
        "Ramirez",
        "The Kurgan",
    ]
    place = invoke("location", "Rooftop", "--json")
    assert json.loads(place.stdout)["found"]["name"] == "Rooftop"
    assert invoke("location", "nowhere at all").exit_code == 1


def _sheet(tmp_path, name: str, replace: tuple[str, str] | None = None, drop: str = ""):
    with open(ROLL, encoding="utf-8") as sheet:
        text = sheet.read()
    lines = [line for line in text.splitlines() if not (drop and line.startswith(drop))]
    text = "\n".join(lines) + "\n"
    if replace:
        text = text.replace(*replace)
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_bad_sheets_get_one_clear_message_each(tmp_path):
    no_method = 'method: unknown-method: no method; write method = "roll" (1D6+3 each) or "points"'
    two_swords = ('sword = "Katana"', 'sword = ["Katana", "Claymore"]')
    cases = [
        (_sheet(tmp_path, "a.toml", drop="method"), no_method),
        (
            _sheet(tmp_path, "b.toml", ("wits = 6", "wits = true")),
            "stats.wits: stat-missing: wits = true is not a whole number",
        ),
        (
            _sheet(tmp_path, "c.toml", two_swords),
            'sword: unknown-sword: sword = ["Katana", "Claymore"] names 2; an Immortal has one '
            "sword",
        ),
    ]
    for path, said in cases:
        result = invoke("check", path)
        assert result.exit_code == 1
        problems = [line for line in result.stdout.splitlines() if line.count(": ") >= 3]
        assert [line for line in result.stdout.splitlines() if said in line] == [f"{path}: {said}"]
        assert len(problems) == 1, problems
    png = tmp_path / "picture.toml"
    png.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(32))
    result = invoke("check", str(png))
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"hlcg: error: {png}: binary data (NUL bytes or an image/archive header); "
        "not a sheet (TOML)\n"
    )
