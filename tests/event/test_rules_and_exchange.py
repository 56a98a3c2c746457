"""Rule sets (the shipped league and tournament, an organiser's own TOML) and the exchange
between two organisers' laptops, through the command line in this process."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from tests.event.day import EVENT_DATE, TOURNAMENT, VALID, hlcg

LEAGUE = "http://bofthebb.com/highlander/rules.php"


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def two_players(folder: Path, rules: str = "2e-league", name: str = "spring.hlcg") -> Path:
    event = folder / name
    made = hlcg("event", "new", event, "--name", "Spring", "--date", EVENT_DATE, "--rules", rules)
    assert made.exit_code == 0, made.output
    for player, deck in (
        ("Alice", TOURNAMENT / "alice-duncan.txt"),
        ("Bob", TOURNAMENT / "bob-richie.dek"),
        ("Gina", VALID / "grayson-business-as-usual-type-two.txt"),
    ):
        assert hlcg("event", "register", event, player, deck).exit_code == 0
    return event


def test_the_league_refuses_a_beheaded_persona_with_the_rule_and_its_source(tmp_path):
    event = two_players(tmp_path)
    taken = hlcg(
        "event", "result", event, "Alice", "Bob", "--round", "1", "--winner", "Alice", "--head"
    )
    assert taken.stdout == "round 1: Alice beat Bob, took Bob's head\n"
    before = digest(event)
    back = hlcg("event", "result", event, "Gina", "Bob", "--round", "2", "--winner", "Bob")
    assert back.exit_code == 1
    assert back.stderr == (
        "hlcg: error: Bob's persona Richie Ryan lost its head to Alice in round 1 and may not "
        "play again: refused by the rule beheaded-persona-removed of 2e-league: persona cards "
        "are unique in the league, and a persona that loses its head is removed from it "
        f"(source: {LEAGUE})\n"
    )
    assert digest(event) == before  # refused: nothing written
    twice = hlcg("event", "result", event, "Alice", "Gina", "--round", "1", "--winner", "Gina")
    assert twice.exit_code == 1 and "a recorded result is never replaced" in twice.stderr


def test_a_plain_tournament_counts_wins_and_lets_the_beheaded_play_on(tmp_path):
    event = two_players(tmp_path, "tournament")
    assert (
        hlcg(
            "event", "result", event, "Alice", "Bob", "--round", "1", "--winner", "Alice", "--head"
        ).exit_code
        == 0
    )
    again = hlcg("event", "result", event, "Gina", "Bob", "--round", "2", "--winner", "Bob")
    assert again.exit_code == 0, again.output
    answer = json.loads(hlcg("event", "standings", event, "--json").stdout)
    assert [(r["player"], r["points"], r["place"]) for r in answer["standings"]] == [
        ("Alice", 1, 1),
        ("Bob", 1, 2),
        ("Gina", 0, 3),
    ]  # fmt: skip  (opponents' points 1 each; then heads: Alice's 1 to Bob's 0)
    assert answer["ruleset"]["points_source"] == (
        "a win counts one: a parameter, not a number from a source (source: hlcg's default)"
    )


def test_an_organisers_own_rule_set_in_toml(tmp_path):
    rules = tmp_path / "club.toml"
    rules.write_text(
        'name = "club"\ntitle = "Club night"\nsource = "our club, 2027"\n'
        '[points]\nwin = 3\nhead = 1\nsays = "three a win, one a head"\nsource = "club vote"\n'
        '[rules.quickening-stays-with-taker]\nsays = "one holder"\nsource = "club vote"\n'
        '[tie_breaks]\norder = ["wins"]\nsays = "wins"\nsource = "club vote"\n',
        encoding="utf-8",
    )
    event = two_players(tmp_path, str(rules))
    assert (
        hlcg(
            "event", "result", event, "Alice", "Bob", "--round", "1", "--winner", "Alice", "--head"
        ).exit_code
        == 0
    )
    answer = json.loads(hlcg("event", "standings", event, "--json").stdout)
    assert [(r["player"], r["points"]) for r in answer["standings"]] == [
        ("Alice", 4), ("Bob", 0), ("Gina", 0)
    ]  # fmt: skip
    rules.write_text(
        'name = "x"\ntitle = "x"\nsource = "x"\n[points]\nwin = -1\n', encoding="utf-8"
    )
    bad = hlcg(
        "event", "new", tmp_path / "bad.hlcg", "--name", "X", "--date", EVENT_DATE, "--rules", rules
    )
    assert (bad.exit_code, bad.stderr) == (
        2, f"hlcg: error: {rules}: points.win must be a whole number 0..1000\n"
    )  # fmt: skip
    rules.write_text(
        'name = "x"\ntitle = "x"\nsource = "x"\n[rules.everyone-wins]\n', encoding="utf-8"
    )
    bad = hlcg(
        "event", "new", tmp_path / "bad.hlcg", "--name", "X", "--date", EVENT_DATE, "--rules", rules
    )
    assert bad.stderr == (
        f"hlcg: error: {rules}: unknown rule 'everyone-wins' (known: beheaded-persona-removed, "
        "quickening-stays-with-taker)\n"
    )
    assert not (tmp_path / "bad.hlcg").exists()


def test_new_never_replaces_an_event(tmp_path):
    event = two_players(tmp_path)
    before = digest(event)
    again = hlcg("event", "new", event, "--name", "Other", "--date", EVENT_DATE)
    assert (again.exit_code, again.stderr) == (
        2, f"hlcg: error: {event} already exists; hlcg event new never replaces an event\n"
    )  # fmt: skip
    assert digest(event) == before


def test_two_laptops_exchange_and_a_recorded_result_is_never_silently_replaced(tmp_path):
    home = two_players(tmp_path)
    shared = tmp_path / "home.json"
    assert hlcg("event", "export", home, shared).exit_code == 0
    away = tmp_path / "away.hlcg"
    made = hlcg("event", "import", away, shared)
    assert made.exit_code == 0, made.output
    assert made.stderr == (
        f"imported {shared} into {away}: 3 registrations and 0 games added, 0 already "
        "recorded, 0 replaced\n"
    )
    # each laptop records round 1; they disagree on who won Alice v Bob
    assert (
        hlcg("event", "result", home, "Alice", "Bob", "--round", "1", "--winner", "Alice").exit_code
        == 0
    )
    assert (
        hlcg("event", "result", away, "Alice", "Bob", "--round", "1", "--winner", "Bob").exit_code
        == 0
    )
    assert hlcg("event", "lock", away).exit_code == 0
    back = tmp_path / "away.json"
    assert hlcg("event", "export", away, back).exit_code == 0
    before = digest(home)
    refused = hlcg("event", "import", home, back)
    assert refused.exit_code == 1
    assert refused.stderr == (
        "hlcg: error: 1 conflicting record; nothing was written (--overwrite takes the "
        "export's records):\nround 1 Alice v Bob: Alice won here; round 1 Alice v Bob: Bob "
        "won in away.json\n"
    )
    assert digest(home) == before
    taken = hlcg("event", "import", home, back, "--overwrite")
    assert taken.exit_code == 0, taken.output
    assert "hlcg: warning: replaced: round 1 Alice v Bob: Alice won here" in taken.stderr
    answer = json.loads(hlcg("event", "standings", home, "--json").stdout)
    assert [g["winner"] for g in answer["games"]] == ["Bob"]
    assert answer["event"]["locked_at"] is not None  # the lock travels too
    same = hlcg("event", "import", home, back)
    assert same.stderr.endswith(
        "0 registrations and 0 games added, 4 already recorded, 0 replaced\n"
    )
    other = tmp_path / "other.hlcg"
    assert hlcg("event", "new", other, "--name", "Other", "--date", EVENT_DATE).exit_code == 0
    foreign = hlcg("event", "import", other, back)
    assert (
        foreign.exit_code == 1
        and "is an export of another event (event_id differs" in foreign.stderr
    )


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "not an hlcg event file"),
        (b"hello", "not an hlcg event file"),
    ],
)
def test_a_file_that_is_no_event_is_refused(tmp_path, content, message):
    path = tmp_path / "x.hlcg"
    path.write_bytes(content)
    result = hlcg("event", "standings", path)
    assert (result.exit_code, result.stderr) == (2, f"hlcg: error: {path}: {message}\n")
    assert path.read_bytes() == content


def test_a_folder_of_decks_registers_each_under_its_file_name(tmp_path):
    event = tmp_path / "club.hlcg"
    assert hlcg("event", "new", event, "--name", "Club", "--date", EVENT_DATE).exit_code == 0
    result = hlcg("event", "register", event, TOURNAMENT)
    assert result.exit_code == 1  # four of the six decks are illegal in Type Two that day
    assert [line.split(":")[0] for line in result.stdout.splitlines()] == [
        "registered alice-duncan", "registered bob-richie"
    ]  # fmt: skip
    refused = [line for line in result.stderr.splitlines() if line.startswith("hlcg: error: ")]
    assert [line.split("'s deck")[0] for line in refused] == [
        "hlcg: error: carol-methos", "hlcg: error: dave-duncan",
        "hlcg: error: erin-generic", "hlcg: error: frank-richie",
    ]  # fmt: skip
    status = json.loads(hlcg("event", "status", event, "--json").stdout)
    assert [p["player"] for p in status["players"]] == ["alice-duncan", "bob-richie"]
    alone = hlcg("event", "register", event, tmp_path / "nowhere")
    assert (alone.exit_code, alone.stderr) == (
        2, f"hlcg: error: {tmp_path / 'nowhere'}: give PLAYER and DECK, or a folder of decks\n"
    )  # fmt: skip
