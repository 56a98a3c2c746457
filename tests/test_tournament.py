"""Tournament and CI mode: many decks, CI report formats, hooks, fingerprints, XML decks,
conversions, fixes."""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import jsonschema
import pytest
from typer.testing import CliRunner

from conftest import ROOT
from hlcg.cli.app import app

TOURNAMENT = ROOT / "examples" / "tournament"
runner = CliRunner()


def invoke(*args: str, env: dict[str, str] | None = None):
    return runner.invoke(app, list(args), env=env)


def json_report(*paths: str) -> dict:
    return json.loads(invoke("validate", *paths, "--output", "json").stdout)


def test_folder_in_one_run_with_summary_table():
    result = invoke("validate", str(TOURNAMENT))
    assert result.exit_code == 1
    table = result.stderr
    assert "3 of 6 decks legal" in table
    for name in ("alice-duncan.txt", "bob-richie.dek", "carol-methos.o8d", "dave-duncan.o8d"):
        assert name in table
    assert re.search(r"bob-richie\.dek\s+Richie Ryan\s+type-one\s+yes", table)


def test_globs_are_expanded():
    result = invoke("validate", str(TOURNAMENT / "*.o8d"), "--output", "json")
    assert json.loads(result.stdout)["summary"]["decks"] == 2


def test_junit_parses_one_case_per_deck(tmp_path):
    from junitparser import Failure, JUnitXml

    out = tmp_path / "junit.xml"
    result = invoke("validate", str(TOURNAMENT), "--output", "junit", "--output-file", str(out))
    assert result.exit_code == 1
    assert "LEGAL in type-two" in result.stdout  # the terminal still gets text
    xml = JUnitXml.fromfile(str(out))
    suites = list(xml)
    assert len(suites) == 6  # one suite per deck, holding its properties and one case
    cases = [case for suite in suites for case in suite]
    assert len(cases) == 6
    assert [suite.name for suite in suites] == [case.name for case in cases]
    failed = {c.name for c in cases if any(isinstance(r, Failure) for r in c.result)}
    assert {Path(n).name for n in failed} == {
        "dave-duncan.o8d",
        "erin-generic.txt",
        "frank-richie.dek",
    }


# A SARIF artifactLocation as the fixes and the locations hold it.
ARTIFACT_LOCATION = {
    "type": "object",
    "additionalProperties": False,
    "properties": {"uri": {"type": "string"}},
}


# The parts of the SARIF 2.1.0 schema (docs.oasis-open.org/sarif/sarif/v2.1.0) that hlcg
# writes, with their required properties and closed property sets.
SARIF_STRUCTURE = {
    "type": "object",
    "required": ["version", "runs"],
    "additionalProperties": False,
    "properties": {
        "$schema": {"type": "string"},
        "version": {"enum": ["2.1.0"]},
        "runs": {"type": "array", "items": {"$ref": "#/$defs/run"}},
    },
    "$defs": {
        "message": {
            "type": "object",
            "required": ["text"],
            "properties": {"text": {"type": "string"}},
            "additionalProperties": False,
        },
        "run": {
            "type": "object",
            "required": ["tool"],
            "additionalProperties": False,
            "properties": {
                "tool": {
                    "type": "object",
                    "required": ["driver"],
                    "additionalProperties": False,
                    "properties": {"driver": {"$ref": "#/$defs/toolComponent"}},
                },
                "results": {"type": "array", "items": {"$ref": "#/$defs/result"}},
                "invocations": {"type": "array", "items": {"$ref": "#/$defs/invocation"}},
                "properties": {"type": "object"},
            },
        },
        "invocation": {
            "type": "object",
            "required": ["executionSuccessful"],
            "additionalProperties": False,
            "properties": {
                "executionSuccessful": {"type": "boolean"},
                "toolExecutionNotifications": {
                    "type": "array",
                    "items": {"$ref": "#/$defs/notification"},
                },
            },
        },
        "notification": {
            "type": "object",
            "required": ["message"],
            "additionalProperties": False,
            "properties": {
                "level": {"enum": ["none", "note", "warning", "error"]},
                "message": {"$ref": "#/$defs/message"},
                "descriptor": {
                    "type": "object",
                    "additionalProperties": False,
                    "properties": {"id": {"type": "string"}},
                },
                "locations": {"type": "array", "items": {"$ref": "#/$defs/location"}},
            },
        },
        "toolComponent": {
            "type": "object",
            "required": ["name"],
            "additionalProperties": False,
            "properties": {
                "name": {"type": "string"},
                "version": {"type": "string"},
                "informationUri": {"type": "string"},
                "rules": {"type": "array", "items": {"$ref": "#/$defs/reportingDescriptor"}},
            },
        },
        "reportingDescriptor": {
            "type": "object",
            "required": ["id"],
            "additionalProperties": False,
            "properties": {
                "id": {"type": "string"},
                "name": {"type": "string"},
                "shortDescription": {"$ref": "#/$defs/message"},
                "fullDescription": {"$ref": "#/$defs/message"},
                "help": {"$ref": "#/$defs/message"},
                "helpUri": {"type": "string", "format": "uri"},
                "defaultConfiguration": {
                    "type": "object",
                    "additionalProperties": False,
                    "properties": {"level": {"enum": ["none", "note", "warning", "error"]}},
                },
            },
        },
        "result": {
            "type": "object",
            "required": ["message"],
            "additionalProperties": False,
            "properties": {
                "ruleId": {"type": "string"},
                "ruleIndex": {"type": "integer", "minimum": -1},
                "level": {"enum": ["none", "note", "warning", "error"]},
                "message": {"$ref": "#/$defs/message"},
                "locations": {"type": "array", "items": {"$ref": "#/$defs/location"}},
                "partialFingerprints": {
                    "type": "object",
                    "additionalProperties": {"type": "string"},
                },
                "fixes": {"type": "array", "items": {"$ref": "#/$defs/fix"}},
                "properties": {"type": "object"},
            },
        },
        "fix": {
            "type": "object",
            "required": ["artifactChanges"],
            "additionalProperties": False,
            "properties": {
                "description": {"$ref": "#/$defs/message"},
                "artifactChanges": {
                    "type": "array",
                    "minItems": 1,
                    "items": {"$ref": "#/$defs/artifactChange"},
                },
            },
        },
        "artifactChange": {
            "type": "object",
            "required": ["artifactLocation", "replacements"],
            "additionalProperties": False,
            "properties": {
                "artifactLocation": ARTIFACT_LOCATION,
                "replacements": {
                    "type": "array",
                    "minItems": 1,
                    "items": {
                        "type": "object",
                        "required": ["deletedRegion"],
                        "additionalProperties": False,
                        "properties": {
                            "deletedRegion": {
                                "type": "object",
                                "additionalProperties": False,
                                "properties": {
                                    name: {"type": "integer", "minimum": 1}
                                    for name in ("startLine", "startColumn", "endLine", "endColumn")
                                },
                            },
                            "insertedContent": {
                                "type": "object",
                                "additionalProperties": False,
                                "properties": {"text": {"type": "string"}},
                            },
                        },
                    },
                },
            },
        },
        "location": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "physicalLocation": {
                    "type": "object",
                    "additionalProperties": False,
                    "properties": {
                        "artifactLocation": ARTIFACT_LOCATION,
                        "region": {
                            "type": "object",
                            "additionalProperties": False,
                            "properties": {"startLine": {"type": "integer", "minimum": 1}},
                        },
                    },
                }
            },
        },
    },
}


def test_sarif_one_result_per_problem_in_the_right_place():
    sarif = json.loads(invoke("validate", str(TOURNAMENT), "--output", "sarif").stdout)
    jsonschema.validate(sarif, SARIF_STRUCTURE)
    run = sarif["runs"][0]
    rule_ids = [r["id"] for r in run["tool"]["driver"]["rules"]]
    assert "HL201" in rule_ids and len(rule_ids) == len(set(rule_ids))
    problems = [
        (Path(deck["path"]).as_uri(), p["code"], p["line"])  # absolute paths: file: URIs
        for deck in json_report(str(TOURNAMENT))["decks"]
        for p in deck["problems"]
    ]
    results = [
        (
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            r["ruleId"],
            r["locations"][0]["physicalLocation"].get("region", {}).get("startLine"),
        )
        for r in run["results"]
    ]
    assert sorted(results) == sorted(problems)
    dave = [r for r in results if r[0].endswith("dave-duncan.o8d") and r[1] == "HL201"]
    assert dave and dave[0][2] is not None
    text = (TOURNAMENT / "dave-duncan.o8d").read_text().splitlines()[dave[0][2] - 1]
    assert "Duck" in text and "Connor MacLeod" in text
    assert all(
        run["tool"]["driver"]["rules"][r["ruleIndex"]]["id"] == r["ruleId"] for r in run["results"]
    )


def test_github_annotations_and_step_summary(tmp_path):
    summary = tmp_path / "summary.md"
    result = invoke(
        "validate",
        str(TOURNAMENT),
        "--output",
        "auto",
        env={"GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": str(summary)},
    )
    assert result.exit_code == 1
    *lines, judged = result.stdout.splitlines()
    problems = sum(len(d["problems"]) for d in json_report(str(TOURNAMENT))["decks"])
    assert len(lines) == problems and all(line.startswith("::") for line in lines)
    today = __import__("datetime").date.today().isoformat()
    assert judged == f"hlcg: Judged by the legality facts in force on {today}."
    assert any(
        re.match(
            r"::error file=.*dave-duncan\.o8d,line=\d+,title=HL201 persona-specific::Duck", line
        )
        for line in lines
    )
    assert all(line.startswith(("::error ", "::warning ", "::notice ")) for line in lines)
    table = summary.read_text()
    assert "| deck | persona | format | legal | errors | warnings | notes |" in table
    assert "3 of 6 decks legal." in table


def test_auto_is_text_outside_github():
    result = invoke(
        "validate",
        str(TOURNAMENT / "alice-duncan.txt"),
        "--output",
        "auto",
        env={"GITHUB_ACTIONS": ""},
    )
    assert "LEGAL in type-two" in result.stdout


def test_pre_commit_hook_entry_runs_on_examples():
    hooks = (ROOT / ".pre-commit-hooks.yaml").read_text()
    entry = re.search(r"^\s+entry: (.+)$", hooks, re.M).group(1)
    files = re.compile(re.search(r"^\s+files: (.+)$", hooks, re.M).group(1))
    decks = sorted(str(p) for p in TOURNAMENT.iterdir() if files.search(p.name))
    assert len(decks) == 6
    command = shlex.split(entry)
    assert command[0] == "hlcg"
    base = [sys.executable, "-m", "hlcg", *command[1:]]
    legal = [d for d in decks if "alice" in d or "bob" in d]
    assert subprocess.run([*base, *legal], capture_output=True).returncode == 0
    assert subprocess.run([*base, *decks], capture_output=True).returncode == 1


def test_ci_examples_use_real_options():
    for name in ("github-actions.yml", "gitlab-ci.yml"):
        text = (ROOT / "examples" / "ci" / name).read_text()
        for command in re.findall(r"hlcg validate [^\n]+", text):
            args = shlex.split(command)[1:]
            args[1] = str(TOURNAMENT)  # decks/ in the example repository
            args = [a if not a.endswith((".sarif", ".xml", ".json")) else "/dev/null" for a in args]
            assert invoke(*args).exit_code == 1, command


BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
<deck><section name="Endurance"><card qty="1">&lol2;</card></section></deck>
"""
EXTERNAL = """<?xml version="1.0"?>
<!DOCTYPE deck [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<deck version="0.8"><superzone name="Deck"><card><name>&xxe;</name></card></superzone></deck>
"""


@pytest.mark.parametrize(("name", "text"), [("laughs.o8d", BILLION_LAUGHS), ("xxe.dek", EXTERNAL)])
def test_hostile_xml_is_refused_cleanly(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    result = invoke("validate", str(path), "--output", "json")
    assert result.exit_code == 1
    problems = json.loads(result.stdout)["decks"][0]["problems"]
    syntax = [p for p in problems if p["rule"] == "deck-syntax"]
    assert len(syntax) == 1 and syntax[0]["message"].startswith("XML refused")
    assert "root:" not in result.stdout


def test_xml_cards_outside_deck_zones_are_reported(tmp_path):
    path = tmp_path / "side.o8d"
    path.write_text(
        '<deck><section name="Endurance">\n<card qty="2">Thrust</card>\n</section>\n'
        '<section name="Tokens">\n<card qty="1">Dodge</card>\n</section></deck>'
    )
    deck = json_report(str(path))["decks"][0]
    syntax = [p for p in deck["problems"] if p["rule"] == "deck-syntax"]
    assert [(p["line"], p["message"]) for p in syntax] == [
        (5, "card 'Dodge' is in section 'Tokens', not a deck section")
    ]


def test_all_formats_matrix():
    result = invoke(
        "validate", str(ROOT / "examples/decks/valid/duncan-katana-type-two.txt"), "--all-formats"
    )
    assert result.exit_code == 0
    row = [
        line
        for line in result.stdout.splitlines()
        if line.startswith(str(ROOT)) or "duncan-katana" in line
    ][-1]
    # first-edition takes the first-edition Duncan MacLeod and reads Katana as the 1st
    # Edition-era Weapon of Choice (never as the Katana persona), but Master of the Katana is
    # a 2E card, not legal there; type-one accepts the 2E Katana cards.
    assert re.search(r"1 error\s+legal\s+legal", row), row


def test_fix_replaces_and_rechecks(tmp_path):
    deck = tmp_path / "deck.txt"
    shutil.copy(ROOT / "examples/decks/invalid/persona-specific.txt", deck)
    result = invoke("validate", str(deck), "--fix")
    assert result.exit_code == 1  # the deck as given is still illegal; its fixed copy is legal
    fixed = tmp_path / "deck.fixed.txt"
    assert "-1 Duck: Connor MacLeod" in result.stdout and "+1 Duck: Duncan MacLeod" in result.stdout
    assert "LEGAL in first-edition" in result.stdout.split("+++")[-1]
    assert "Duck: Connor" not in fixed.read_text()
    assert deck.read_text() == (ROOT / "examples/decks/invalid/persona-specific.txt").read_text()


@pytest.mark.parametrize(
    "example",
    [
        "basics",
        "deck-size",
        "title-limit",
        "restriction",
        "master-limit",
        "generic-borrow",
        "pregame-unique",
        "watcher-hunter",
        "hand-icons",
        "weapon-specific",
        "gem-cap",
    ],
)
def test_fix_makes_example_decks_legal(tmp_path, example):
    deck = tmp_path / f"{example}.txt"
    shutil.copy(ROOT / f"examples/decks/invalid/{example}.txt", deck)
    result = invoke("validate", str(deck), "--fix", "--in-place")
    assert result.exit_code == 0, result.output
    assert invoke("validate", str(deck)).exit_code == 0


def test_fix_of_a_json_deck_writes_text(tmp_path):
    source = tmp_path / "deck.json"
    assert (
        invoke(
            "deck", "convert", str(ROOT / "examples/decks/invalid/restriction.txt"), str(source)
        ).exit_code
        == 0
    )
    result = invoke("validate", str(source), "--fix")
    assert result.exit_code == 1
    assert "LEGAL in" in result.stdout.split("+++")[-1]
    assert (tmp_path / "deck.json.fixed.txt").exists()


def test_fix_keeps_line_endings_comments_and_count_style(tmp_path):
    legal = (ROOT / "examples/decks/valid/duncan-katana-type-two.txt").read_text()
    text = legal.replace("3 Thrust", "x7 Thrust  // the favourite").replace("\n", "\r\n")
    text += "\r\nSideboard:\r\n9 Thrust\r\n"
    deck = tmp_path / "crlf.txt"
    deck.write_bytes(text.encode("utf-8"))
    result = invoke("validate", str(deck), "--fix")
    assert result.exit_code == 1, result.output
    fixed = (tmp_path / "crlf.fixed.txt").read_bytes().decode("utf-8")
    assert fixed.count("\r\n") == text.count("\r\n") and "\n" not in fixed.replace("\r\n", "")
    assert "x6 Thrust  // the favourite\r\n" in fixed  # title-limit: 6 copies at most
    assert fixed.endswith("Sideboard:\r\n9 Thrust\r\n")  # the sideboard is never edited


def test_fix_adds_the_missing_weapon_rather_than_replacing_its_cards(tmp_path):
    deck = tmp_path / "weapon.txt"
    shutil.copy(ROOT / "examples/decks/invalid/weapon-specific.txt", deck)
    result = invoke("validate", str(deck), "--fix", "--in-place")
    assert result.exit_code == 0, result.output
    text = deck.read_text()
    # The deck has no Pre-Game section: the fix opens one for the weapon.
    assert text.endswith("1 Slice: Rapier\n\nPre-Game:\n# added by hlcg --fix\n1 Rapier\n")
    assert "1 Slice: Rapier" in text
    # fixing again adds no second marker
    assert text.count("# added by hlcg --fix") == 1


def test_folder_scans_skip_files_that_are_not_decks(tmp_path):
    shutil.copy(TOURNAMENT / "alice-duncan.txt", tmp_path)
    (tmp_path / "README.txt").write_text("These are our decks.\n")
    (tmp_path / "report.json").write_text(
        invoke("validate", str(TOURNAMENT / "alice-duncan.txt"), "-o", "json").stdout
    )
    (tmp_path / "package.json").write_text('{"name2": "x", "version": "1"}')
    # a broken deck is not skipped: it is a deck that cannot be read (exit 2)
    (tmp_path / "broken.json").write_text('{"endurance": [')
    result = invoke("validate", str(tmp_path), "--output", "json")
    assert result.exit_code == 2
    report = json.loads(result.stdout)
    assert [Path(d["path"]).name for d in report["decks"]] == ["alice-duncan.txt"]
    assert [(Path(u["path"]).name, u["message"]) for u in report["unreadable"]] == [
        ("broken.json", "not JSON: a value is missing at character 16")
    ]
    assert f"hlcg: note: skipped {tmp_path / 'README.txt'}: not a deck (a README" in result.stderr
    assert "report.json: not a deck (an hlcg JSON report)" in result.stderr
    assert "package.json: not a deck (a JSON object with none of a deck's keys)" in result.stderr


def test_hook_skips_named_files_that_are_not_decks(tmp_path):
    readme = tmp_path / "README.txt"
    readme.write_text("Decks for the club.\n")
    alice = str(TOURNAMENT / "alice-duncan.txt")
    assert invoke("validate", "--skip-non-decks", str(readme), alice).exit_code == 0
    only = invoke("validate", "--skip-non-decks", str(readme))
    assert only.exit_code == 0 and "no deck files to check" in only.stderr
    # named without the flag, a file is judged as the user asked
    assert invoke("validate", str(readme)).exit_code == 1


PNG_BYTES = b"\x89PNG\r\n\x1a\n" + bytes(range(256))
ZIP_BYTES = b"PK\x03\x04" + b"\x14\x00" * 20
GARBAGE_BYTES = bytes((i * 37 + 11) % 256 for i in range(300))  # no header, has a NUL
TRUNCATED_LACKEY = '<?xml version="1.0"?>\n<deck version="0.8">\n<superzone name="Deck">\n<card><na'


def _unreadable_folder(tmp_path: Path) -> Path:
    shutil.copy(TOURNAMENT / "alice-duncan.txt", tmp_path)
    (tmp_path / "picture.dek").write_bytes(PNG_BYTES)
    (tmp_path / "archive.o8d").write_bytes(ZIP_BYTES)
    (tmp_path / "noise.dek").write_bytes(GARBAGE_BYTES)
    (tmp_path / "truncated.dek").write_text(TRUNCATED_LACKEY)
    (tmp_path / "missing.txt").symlink_to(tmp_path / "gone.txt")
    return tmp_path


UNREADABLE_NAMES = ["archive.o8d", "missing.txt", "noise.dek", "picture.dek", "truncated.dek"]


def test_garbage_deck_files_and_dangling_links_in_a_folder_are_unreadable(tmp_path):
    folder = _unreadable_folder(tmp_path)
    result = invoke("validate", str(folder), "--output", "json")
    assert result.exit_code == 2
    report = json.loads(result.stdout)
    assert [Path(d["path"]).name for d in report["decks"]] == ["alice-duncan.txt"]
    unreadable = {Path(u["path"]).name: u["message"] for u in report["unreadable"]}
    assert sorted(unreadable) == UNREADABLE_NAMES
    assert unreadable["missing.txt"] == "symbolic link to a file that does not exist"
    assert unreadable["picture.dek"] == (
        "not a readable LackeyCCG deck: binary data (NUL bytes or an image/archive header), not XML"
    )
    assert unreadable["truncated.dek"].startswith("not well-formed XML: ")
    assert "skipped" not in result.stderr


def test_garbage_deck_files_fail_junit_and_sarif(tmp_path):
    folder = _unreadable_folder(tmp_path)
    junit = invoke("validate", str(folder), "--output", "junit")
    assert junit.exit_code == 2
    root = ElementTree.fromstring(junit.stdout)
    errors = [
        Path(case.get("name")).name
        for case in root.iter("testcase")
        if case.find("error") is not None
    ]
    assert sorted(errors) == UNREADABLE_NAMES
    sarif = invoke("validate", str(folder), "--output", "sarif")
    assert sarif.exit_code == 2
    run = json.loads(sarif.stdout)["runs"][0]
    notifications = run["invocations"][0]["toolExecutionNotifications"]
    assert len(notifications) == len(UNREADABLE_NAMES)
    # the truncated deck is not judged as an empty deck: no rule results for it
    judged = {
        loc["physicalLocation"]["artifactLocation"]["uri"].rsplit("/", 1)[-1]
        for result in run["results"]
        for loc in result["locations"]
    }
    assert "truncated.dek" not in judged


def test_deck_hash_lists_no_garbage_and_exits_2(tmp_path):
    folder = _unreadable_folder(tmp_path)
    result = invoke("deck", "hash", str(folder), "--output", "json")
    assert result.exit_code == 2
    entries = json.loads(result.stdout)["decks"]
    assert [Path(e["path"]).name for e in entries if e["fingerprint"]] == ["alice-duncan.txt"]
    unreadable = [e for e in entries if e["fingerprint"] is None]
    assert sorted(Path(e["path"]).name for e in unreadable) == UNREADABLE_NAMES
    assert all(e["unreadable"] for e in unreadable)
    for name in UNREADABLE_NAMES:
        assert f"{folder / name}: " in result.stderr


def test_dtd_refusal_is_said_in_words(tmp_path):
    deck = tmp_path / "dtd.dek"
    deck.write_text('<?xml version="1.0"?>\n<!DOCTYPE d [<!ELEMENT d ANY>]>\n<deck/>\n')
    result = invoke("validate", str(deck), "--output", "json")
    assert result.exit_code == 1
    messages = [p["message"] for p in json.loads(result.stdout)["decks"][0]["problems"]]
    assert "XML refused: it contains a DTD (document type declaration)" in messages
    assert not any("DTDForbidden" in m for m in messages)
