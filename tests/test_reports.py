"""What the reports say about each problem: the text report's lines, SARIF results that
code scanning keeps apart, JUnit files strict schemas accept, GitLab Code Quality issues."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest
from typer.testing import CliRunner

import xsd_check
from conftest import ROOT
from hlcg.catalog.vocabulary import CHECKED_FORMATS
from hlcg.cli.app import app
from hlcg.rules.profiles import profile
from hlcg.rules.registry import RULES

INVALID = ROOT / "examples" / "decks" / "invalid"
runner = CliRunner()


def invoke(*args: str | Path):
    return runner.invoke(app, [str(a) for a in args])


def test_the_text_report_shows_each_problems_severity():
    deck = INVALID / "title-limit.txt"
    lines = invoke("validate", deck).stdout.splitlines()
    assert f"{deck}:25: error HL103 title-limit: 7 cards titled 'Flurry Strike'" in "\n".join(lines)
    # the data gaps are one not-checked line; --select unchecked lists them
    assert not [line for line in lines if " HL900 " in line]
    lines = invoke("validate", deck, "--select", "unchecked").stdout.splitlines()
    notes = [line for line in lines if " HL900 " in line]
    assert notes and all(line.startswith(f"{deck}: note HL900 unchecked: ") for line in notes)


# --- SARIF -------------------------------------------------------------------------------

PERSONA_SPECIFIC = INVALID / "persona-specific.txt"


def sarif_run(*args: str | Path) -> dict:
    result = invoke("validate", *args, "--output", "sarif")
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)["runs"][0]


def test_two_problems_of_one_rule_in_one_deck_are_two_alerts(tmp_path):
    """GitHub code scanning merges results whose partialFingerprints agree: two cards of
    another persona are two HL201 results with two fingerprints, each the same when a line
    is added above it (an alert outlives an edit of another line)."""
    text = PERSONA_SPECIFIC.read_text(encoding="utf-8") + "1 Flashback: The Kurgan\n"
    deck = tmp_path / "two.txt"
    deck.write_text(text, encoding="utf-8")
    results = [r for r in sarif_run(deck)["results"] if r["ruleId"] == "HL201"]
    assert [r["properties"]["cards"] for r in results] == [
        ["duck-connor-macleod"],
        ["flashback-the-kurgan"],
    ]
    prints = [r["partialFingerprints"]["hlcgProblem/v1"] for r in results]
    assert len(set(prints)) == 2 and all(re.fullmatch(r"[0-9a-f]{32}", p) for p in prints)
    deck.write_text("# registered for the spring open\n" + text, encoding="utf-8")
    moved = [r for r in sarif_run(deck)["results"] if r["ruleId"] == "HL201"]
    assert [r["partialFingerprints"]["hlcgProblem/v1"] for r in moved] == prints
    assert [r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in moved] == [
        26,
        27,
    ]


def test_problems_naming_no_card_are_told_apart_too(tmp_path):
    deck = tmp_path / "typos.txt"
    deck.write_text(
        PERSONA_SPECIFIC.read_text(encoding="utf-8") + "1 Zzyzx Qqq\n1 Zzyzx Qqq\n",
        encoding="utf-8",
    )
    run = sarif_run(deck)
    prints = [r["partialFingerprints"]["hlcgProblem/v1"] for r in run["results"]]
    assert len(prints) == len(set(prints))
    unknown = [r for r in run["results"] if r["ruleId"] == "HL002"]
    assert len(unknown) == 2


def test_the_deck_fingerprint_is_in_each_results_properties():
    run = sarif_run(PERSONA_SPECIFIC)
    (deck,) = run["properties"]["decks"]
    assert re.fullmatch(r"[0-9a-f]{64}", deck["fingerprint"])
    assert {r["properties"]["fingerprint"] for r in run["results"]} == {deck["fingerprint"]}
    assert all(set(r["partialFingerprints"]) == {"hlcgProblem/v1"} for r in run["results"])


def test_every_rule_has_a_filled_description_and_a_help_uri():
    rules = sarif_run(PERSONA_SPECIFIC)["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == [rule.code for rule in RULES.values()]
    by_name = {r["name"]: r for r in rules}
    assert by_name["title-limit"]["shortDescription"]["text"] == ("At most 6 cards share a title")
    assert by_name["gem-cap"]["shortDescription"]["text"] == (
        "Attribute gems within 3x the persona (Master 1x)"
    )
    for rule in rules:
        assert "{" not in rule["shortDescription"]["text"] + rule["help"]["text"], rule["id"]
        # each rule its own heading in docs/rules.md (tests/test_rules_doc.py keeps it true)
        anchor = f"{rule['id'].lower()}-{rule['name']}"
        assert rule["helpUri"] == f"https://github.com/hlcg/hlcg/blob/main/docs/rules.md#{anchor}"
    assert len({r["helpUri"] for r in rules}) == len(rules)


def _texts(value: object) -> list[str]:
    """Every string in a JSON value, at any depth."""
    if isinstance(value, dict):
        return [t for item in value.values() for t in _texts(item)]
    if isinstance(value, list):
        return [t for item in value for t in _texts(item)]
    return [value] if isinstance(value, str) else []


def test_no_sarif_text_holds_an_unfilled_template():
    """Rule summaries, docs, results and fixes of every invalid example deck: no `{`."""
    run = sarif_run(INVALID)
    texts = _texts(run)
    assert len(run["results"]) > 20 and len(texts) > 1000
    assert [t for t in texts if "{" in t or "}" in t] == []


def test_a_rules_default_level_is_its_own_default_severity():
    rules = {r["name"]: r for r in sarif_run(PERSONA_SPECIFIC)["tool"]["driver"]["rules"]}
    levels = {name: r["defaultConfiguration"]["level"] for name, r in rules.items()}
    assert levels == {rule.name: str(rule.severity) for rule in RULES.values()}
    assert (levels["title-limit"], levels["unchecked"], levels["inferred-fact"]) == (
        "error",
        "note",
        "note",
    )


def test_every_rules_message_templates_are_filled():
    """The summaries name their numbers ("At most {max} cards"): filled with each format's
    values and with the defaults, no `{` is left; nor in any problem the example decks
    give."""
    for rule in RULES.values():
        texts = [rule.summary_for(), rule.doc]
        texts += [rule.summary_for(profile(f).settings[rule.name].params) for f in CHECKED_FORMATS]
        assert not any("{" in text or "}" in text for text in texts), rule.name
    decks = [ROOT / "examples", ROOT / "tests" / "decks_tried"]
    report = json.loads(invoke("validate", *decks, "--output", "json").stdout)
    for deck in report["decks"]:
        for problem in deck["problems"]:
            assert "{" not in problem["message"] + (problem["fix"] or ""), problem


def _apply(text: str, replacements: list[dict]) -> str:
    """SARIF replacements applied to text whose lines end with \\n (from the last one back,
    so earlier regions keep their place)."""
    lines = text.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))

    def offset(line: int, column: int) -> int:
        return starts[line - 1] + column - 1

    for replacement in sorted(
        replacements, key=lambda r: r["deletedRegion"]["startLine"], reverse=True
    ):
        region = replacement["deletedRegion"]
        begin = offset(region["startLine"], region["startColumn"])
        end = offset(region["endLine"], region["endColumn"])
        text = text[:begin] + replacement["insertedContent"]["text"] + text[end:]
    return text


@pytest.mark.parametrize(
    ("example", "rule"),
    [("title-limit.txt", "HL103"), ("basics.txt", "HL102"), ("pregame-unique.txt", "HL302")],
)
def test_fix_edits_are_sarif_fixes_that_fix_the_problem(tmp_path, example, rule):
    deck = INVALID / example
    (result,) = [r for r in sarif_run(deck)["results"] if r["ruleId"] == rule]
    (fix,) = result["fixes"]
    (change,) = fix["artifactChanges"]
    assert (
        change["artifactLocation"]["uri"]
        == result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    )
    fixed = tmp_path / example
    fixed.write_text(_apply(deck.read_text(encoding="utf-8"), change["replacements"]))
    after = json.loads(invoke("validate", fixed, "--output", "json").stdout)["decks"][0]
    assert rule not in {p["code"] for p in after["problems"]}
    assert after["legal"]


def test_notes_and_decks_of_other_kinds_carry_no_fixes():
    run = sarif_run(ROOT / "examples" / "tournament")
    assert all("fixes" not in r for r in run["results"] if r["level"] == "note")
    fixed = [r for r in run["results"] if "fixes" in r]
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in fixed}
    assert uris and all(uri.endswith(".txt") for uri in uris)


# --- JUnit -------------------------------------------------------------------------------

JUNIT_XSD = ROOT / "tests" / "schemas" / "junit-10.xsd"


def test_the_schema_check_refuses_what_a_strict_junit_schema_refuses():
    models = xsd_check.load(JUNIT_XSD)
    # hlcg's earlier shape: properties and a file attribute on the testcase
    old = (
        '<testsuites name="hlcg"><testsuite name="s" tests="1" failures="0" errors="0">'
        '<testcase name="d.txt" file="d.txt"><properties>'
        '<property name="fingerprint" value="ab"/></properties></testcase>'
        '</testsuite><testsuite name="t" tests="1" time="soon"/></testsuites>'
    )
    assert xsd_check.errors(old, models, {"testsuites", "testsuite"}) == [
        "/testsuites/testsuite[1]/testcase[1]: attribute 'file' is not allowed",
        "/testsuites/testsuite[1]/testcase[1]: <properties> is not allowed in <testcase>",
        "/testsuites/testsuite[2]: time='soon' does not match its type",
        "/testsuites/testsuite[2]: required attribute 'errors' is missing",
        "/testsuites/testsuite[2]: required attribute 'failures' is missing",
    ]


def test_junit_is_valid_against_the_strict_junit_schema(tmp_path):
    """tests/schemas/junit-10.xsd: the Jenkins xUnit plugin's JUnit schema (GitLab reads the
    same elements). Legal and illegal decks, decks with notes, an unreadable file."""
    models = xsd_check.load(JUNIT_XSD)
    (tmp_path / "photo.txt").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    shutil.copy(INVALID / "title-limit.txt", tmp_path)
    result = invoke("validate", ROOT / "examples" / "tournament", tmp_path, "-o", "junit")
    assert result.exit_code == 2
    assert xsd_check.errors(result.stdout, models, {"testsuites", "testsuite"}) == []
    root = ElementTree.fromstring(result.stdout.encode("utf-8"))
    assert (root.get("tests"), root.get("failures"), root.get("errors")) == ("8", "4", "1")
    suites = root.findall("testsuite")
    assert len(suites) == 8 and all(len(s.findall("testcase")) == 1 for s in suites)


def test_junit_carries_each_decks_fingerprint_at_suite_level():
    deck = ROOT / "examples" / "tournament" / "alice-duncan.txt"
    suite = ElementTree.fromstring(invoke("validate", deck, "-o", "junit").stdout.encode()).find(
        "testsuite"
    )
    properties = {p.get("name"): p.get("value") for p in suite.iterfind("properties/property")}
    digest = invoke("deck", "hash", deck).stdout.split()[0]
    assert properties["fingerprint"] == digest
    assert properties["format"] == "type-two" and re.fullmatch(
        r"\d{4}-\d\d-\d\d", properties["date"]
    )
    assert suite.get("file") == suite.get("name") == str(deck)
    assert suite.find("testcase/properties") is None


# --- GitLab Code Quality -----------------------------------------------------------------

# GitLab's documented fields of a Code Quality issue ("Implement a custom tool",
# https://docs.gitlab.com/ci/testing/code_quality/#implement-a-custom-tool; in GitLab's
# repository doc/ci/testing/code_quality.md): description, check_name ("a unique name
# representing the static analysis check"), fingerprint ("a unique fingerprint to identify
# the code quality violation"), severity ("info, minor, major, critical, or blocker"),
# location.path ("the relative path to the file"), location.lines.begin ("the line on which
# the code quality violation occurred"); no byte order mark at the start of the file.
GITLAB_SEVERITIES = {"info", "minor", "major", "critical", "blocker"}


def _check_gitlab_issue(issue: dict) -> None:
    assert set(issue) == {"description", "check_name", "fingerprint", "severity", "location"}
    assert all(isinstance(issue[k], str) and issue[k] for k in set(issue) - {"location"})
    assert issue["severity"] in GITLAB_SEVERITIES
    assert set(issue["location"]) == {"path", "lines"}
    assert set(issue["location"]["lines"]) == {"begin"}
    begin = issue["location"]["lines"]["begin"]
    assert isinstance(begin, int) and begin >= 1
    path = issue["location"]["path"]
    assert not Path(path).is_absolute() and "\\" not in path


def test_gitlab_code_quality_has_gitlabs_documented_fields(tmp_path, monkeypatch):
    (tmp_path / "photo.txt").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    shutil.copy(ROOT / "examples" / "tournament" / "erin-generic.txt", tmp_path)
    monkeypatch.chdir(tmp_path)  # absolute deck paths under it are written relative
    result = invoke("validate", tmp_path, "--output", "gitlab")
    assert result.exit_code == 2
    assert result.stdout.startswith("[\n")  # an array, no byte order mark
    issues = json.loads(result.stdout)
    for issue in issues:
        _check_gitlab_issue(issue)
    assert len({i["fingerprint"] for i in issues}) == len(issues)
    reserved, *notes, inferred, unreadable = issues
    assert reserved == {
        "description": "Luck: Richie Ryan is Reserved to Richie Ryan; a Generic Immortal may "
        "not include it. Fix: remove 1 Luck: Richie Ryan",
        "check_name": "HL202 reserved",
        "fingerprint": reserved["fingerprint"],
        "severity": "major",
        "location": {"path": "erin-generic.txt", "lines": {"begin": 24}},
    }
    # Head Shot is legal in Type Two by an inferred fact: a note on its line.
    assert (inferred["check_name"], inferred["severity"]) == ("HL901 inferred-fact", "info")
    assert inferred["location"] == {"path": "erin-generic.txt", "lines": {"begin": 21}}
    assert [n["check_name"] for n in notes] == ["HL900 unchecked"] * 4
    assert {n["severity"] for n in notes} == {"info"}
    assert {n["location"]["lines"]["begin"] for n in notes} == {1}  # the whole deck
    assert (unreadable["check_name"], unreadable["severity"]) == ("unreadable-deck", "critical")
    assert unreadable["location"] == {"path": "photo.txt", "lines": {"begin": 1}}


def test_gitlab_issues_are_the_problems_with_their_sarif_identities():
    tournament = ROOT / "examples" / "tournament"
    issues = json.loads(invoke("validate", tournament, "-o", "gitlab").stdout)
    results = sarif_run(tournament)["results"]
    # 16 unchecked-card notes, 8 notes on verdicts resting on inferred facts, 3 errors
    assert len(issues) == len(results) == 27
    assert [i["fingerprint"] for i in issues] == [
        r["partialFingerprints"]["hlcgProblem/v1"] for r in results
    ]
    assert [i["description"] for i in issues] == [r["message"]["text"] for r in results]


# --- a reader that leaves early ----------------------------------------------------------

HLCG = Path(sys.executable).with_name("hlcg")


def _piped(command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``command | head -1`` in a real shell; the return code is hlcg's (PIPESTATUS)."""
    return subprocess.run(
        f"{command} | head -1; exit ${{PIPESTATUS[0]}}",
        shell=True,
        executable="/bin/bash",
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_closed_pipe_keeps_exit_code_1():
    result = _piped(f"{HLCG} validate examples/decks/invalid/title-limit.txt", ROOT)
    assert (result.returncode, result.stdout) == (1, "examples/decks/invalid/title-limit.txt\n")
    assert "Traceback" not in result.stderr and "Exception ignored" not in result.stderr


def test_a_report_larger_than_the_pipe_keeps_its_exit_codes(tmp_path):
    """60 illegal decks write 160 kB of JSON, more than a pipe holds: hlcg is still writing
    when head leaves, every time. The exit code stays 1 with nothing said on stderr, also
    when the report goes to the pipe as an output file, and a legal folder stays 0."""
    for n in range(60):
        shutil.copy(INVALID / "title-limit.txt", tmp_path / f"deck-{n:02}.txt")
    result = _piped(f"{HLCG} validate {tmp_path} --output json", ROOT)
    assert (result.returncode, result.stdout) == (1, "{\n")
    assert result.stderr == ""
    to_device = _piped(f"{HLCG} validate {tmp_path} -o json --output-file /dev/stdout", ROOT)
    assert to_device.returncode == 1 and "Traceback" not in to_device.stderr
    assert "could not write" not in to_device.stderr
    legal = tmp_path / "legal"
    legal.mkdir()
    for n in range(60):
        shutil.copy(ROOT / "examples" / "tournament" / "alice-duncan.txt", legal / f"{n}.txt")
    assert _piped(f"{HLCG} validate {legal} --output json", ROOT).returncode == 0


def _shell(command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command, shell=True, executable="/bin/bash", cwd=ROOT, capture_output=True, text=True
    )


@pytest.mark.parametrize(
    ("command", "code"),
    [
        ("validate examples/decks/invalid", 1),
        ("validate no-such-deck.txt", 2),
        ("card 'upper atack'", 1),
    ],
)
def test_stderr_into_a_closed_pipe_keeps_the_exit_code(command, code):
    """`2>&1 | head` is common in CI: what is written to stderr after the reader left is
    dropped as on stdout, and the exit code stays hlcg's."""
    result = _shell(f"{HLCG} {command} 2>&1 | true; exit ${{PIPESTATUS[0]}}")
    assert result.returncode == code, result.stderr


@pytest.mark.parametrize("output", ["text", "sarif"])
def test_a_report_that_cannot_be_written_is_exit_2_with_one_line(output):
    result = _shell(
        f"{HLCG} validate examples/decks/invalid/title-limit.txt -o {output} >/dev/full"
    )
    assert result.returncode == 2
    assert result.stderr.strip().splitlines()[-1] == (
        "hlcg: error: could not write <stdout>: No space left on device: free some space, "
        "or write to another disk"
    )
    assert "Traceback" not in result.stderr


def test_an_unwritable_step_summary_is_a_warning(tmp_path):
    result = runner.invoke(
        app,
        ["validate", str(ROOT / "examples/decks/valid/duncan-katana-type-two.txt"), "-o", "github"],
        env={"GITHUB_STEP_SUMMARY": str(tmp_path / "missing" / "summary.md")},
    )
    assert result.exit_code == 0
    assert "hlcg: warning: could not write $GITHUB_STEP_SUMMARY" in result.stderr


def test_the_all_formats_matrix_stays_off_a_machine_read_report():
    result = invoke(
        "validate",
        str(ROOT / "examples/decks/valid/duncan-katana-type-two.txt"),
        "--all-formats",
        "-o",
        "json",
    )
    assert json.loads(result.stdout)["decks"][0]["legal"] is True
    assert "first-edition    type-one    type-two" in result.stderr


# --- selecting the data gaps -------------------------------------------------------------


def _problems(*args: str | Path) -> tuple[int, list[tuple[str, str]]]:
    result = invoke("validate", *args, "--output", "json")
    deck = json.loads(result.stdout)["decks"][0]
    return result.exit_code, [(p["code"], p["message"].split(":")[0]) for p in deck["problems"]]


@pytest.mark.parametrize("selector", ["unchecked", "HL900", "hl9"])
def test_select_unchecked_gives_every_rules_data_gaps(selector):
    """The data gaps are found by the other rules' checks; selecting `unchecked` runs them
    for their gaps alone (the deck's errors are not selected: exit 0)."""
    deck = INVALID / "gem-cap.txt"
    everything = _problems(deck)[1]
    assert everything[0][0] == "HL104"
    gaps = [p for p in everything if p[0] == "HL900"]
    assert gaps == [
        ("HL900", "format-legality"),
        ("HL900", "gem-cap"),
        ("HL900", "restriction"),
    ]
    assert _problems(deck, "--select", selector) == (0, gaps)
    assert _problems(deck, "--select", selector, "--ignore", "gem-cap") == (
        0,
        [("HL900", "format-legality"), ("HL900", "restriction")],
    )
    assert _problems(deck, "--select", selector, "--fail-on", "unchecked")[0] == 1
    assert _problems(deck, "--select", "gem-cap", "--select", selector) == (
        1,
        [
            (
                "HL206",
                "7 master gems; the cap is 6 (1x the persona's 6); most from Master of the Katana",
            ),
            *gaps,
        ],
    )


# --- the schema a JSON deck's fix points to ----------------------------------------------


def test_json_deck_fixes_point_to_a_schema_every_install_has(tmp_path):
    deck = tmp_path / "deck.json"
    deck.write_text(
        '{"persona": "Duncan MacLeod", "endurance": [{"card": "Thrust", "count": "x"}]}'
    )
    result = invoke("validate", deck, "--output", "json")
    (problem,) = [
        p for p in json.loads(result.stdout)["decks"][0]["problems"] if p["code"] == "HL001"
    ]
    assert problem["message"].startswith("/endurance/0/count: expected a whole number")
    assert problem["fix"] == "see `hlcg schema deck` for the JSON deck format"
    printed = invoke("schema", "deck")
    assert printed.exit_code == 0
    assert printed.stdout == (ROOT / "schemas" / "deck.schema.json").read_text(encoding="utf-8")


def test_schema_lists_names_and_refuses_unknown_ones():
    listed = invoke("schema")
    assert listed.stdout.split() == [
        "card",
        "deck",
        "report",
        "deck-diff",
        "deck-odds",
        "deck-verify",
        "rules-answer",
        "deck-hash",
        "card-answer",
        "search-answer",
        "persona-answer",
        "tcboo-lookup",
        "api-deck-request",
        "api-add-request",
        "api-diff-request",
        "api-odds-request",
        "api-convert-request",
        "api-fill-request",
        "api-error",
    ]
    assert invoke("schema", "report.schema.json").stdout == (
        ROOT / "schemas" / "report.schema.json"
    ).read_text(encoding="utf-8")
    unknown = invoke("schema", "nope")
    assert unknown.exit_code == 1 and unknown.stdout == ""
    assert unknown.stderr == (
        "No schema 'nope'. Schemas: card, deck, report, deck-diff, deck-odds, deck-verify, "
        "rules-answer, deck-hash, card-answer, search-answer, persona-answer, tcboo-lookup, "
        "api-deck-request, api-add-request, api-diff-request, api-odds-request, "
        "api-convert-request, api-fill-request, api-error.\n"
    )


# --- short messages: one sentence per fault ----------------------------------------------


def _deck_json(*args: str | Path) -> dict:
    return json.loads(invoke("validate", *args, "--output", "json").stdout)["decks"][0]


def test_a_line_breaking_several_limits_is_one_sentence_with_details_in_the_json():
    deck = _deck_json(INVALID / "gem-cap.txt")
    errors = [p for p in deck["problems"] if p["severity"] == "error"]
    assert [(p["code"], p["line"], p["message"], p["fix"]) for p in errors] == [
        (
            "HL104",
            30,
            "7 Master of the Katana: Katana break 4 limits: restriction, title-limit, "
            "master-limit and gem-cap",
            "remove 5 Master of the Katana: Katana",
        )
    ]
    assert errors[0]["details"] == [
        {
            "code": "HL104",
            "rule": "restriction",
            "message": "7 copies of Master of the Katana: Katana; restricted to 2",
        },
        {
            "code": "HL103",
            "rule": "title-limit",
            "message": "7 cards titled 'Master of the Katana' (7 Master of the Katana: Katana); "
            "at most 6 may share a title",
        },
        {
            "code": "HL205",
            "rule": "master-limit",
            "message": "7 Master cards (Master of the Katana: Katana); Duncan MacLeod may "
            "include 6",
        },
        {
            "code": "HL206",
            "rule": "gem-cap",
            "message": "7 master gems; the cap is 6 (1x the persona's 6); most from Master of "
            "the Katana: Katana (7, line 30)",
        },
    ]
    # a problem that stands for itself alone has no details key: the report stays as it was
    assert all("details" not in p for p in deck["problems"][1:])


def test_one_line_never_gets_two_errors_with_the_same_fix(tmp_path):
    """A Generic Immortal holding a Reserved Master card breaks `reserved` and
    `master-limit`; removing the card settles both: one error, one fix."""
    base = (ROOT / "examples/decks/valid/generic-immortal-first-edition.txt").read_text()
    deck = tmp_path / "kanwulf.txt"
    deck.write_text(base + "\n1 Master's Advice: Kanwulf\n", encoding="utf-8")
    report = _deck_json(deck)
    errors = [p for p in report["problems"] if p["severity"] == "error"]
    assert [(p["code"], p["message"], p["fix"]) for p in errors] == [
        (
            "HL202",
            "1 Master's Advice: Kanwulf breaks 2 rules: reserved and master-limit",
            "remove 1 Master's Advice: Kanwulf",
        )
    ]
    assert [d["rule"] for d in errors[0]["details"]] == ["reserved", "master-limit"]
    assert errors[0]["details"][1]["message"] == (
        "1 Master card (Master's Advice: Kanwulf); a Generic Immortal may include 0"
    )


def test_no_card_added_to_a_legal_deck_gives_a_line_two_errors_with_one_fix(shipped):
    """Every catalogue card, three copies of it added to a legal deck of each edition: no
    line holds two errors that one fix settles, and no message runs past 200 characters."""
    from hlcg.check import check_deck
    from hlcg.deck.text import parse_text

    bases = ["duncan-katana-type-two.txt", "generic-immortal-first-edition.txt"]
    for base in bases:
        text = (ROOT / "examples" / "decks" / "valid" / base).read_text(encoding="utf-8")
        for card_id in sorted(shipped.cards):
            report = check_deck(parse_text(f"{text}\n3 {card_id}\n", "deck.txt"), shipped)
            errors = [p for p in report.problems if p.severity == "error"]
            fixes = [(p.line, p.edits or p.fix) for p in errors if p.line and (p.edits or p.fix)]
            assert len(fixes) == len(set(fixes)), (base, card_id, errors)
            assert all(len(p.message) <= 200 for p in errors), (base, card_id, errors)


def test_ambiguous_card_names_candidates_and_ids_and_what_differs(tmp_path):
    deck = _deck_json(INVALID / "ambiguous-card.txt")
    (problem,) = [p for p in deck["problems"] if p["code"] == "HL003"]
    assert problem["message"] == (
        "'Charm' could be 2 cards: Charm: Hugh Fitzcairn [charm-hugh-fitzcairn] or Charm: "
        "Kastagir [charm-kastagir]; they differ in subtitle"
    )
    assert problem["fix"] == "name one by its id, e.g. `charm-hugh-fitzcairn`"
    many = tmp_path / "flashback.txt"
    many.write_text("Format: type-one\n1 Flashback\n", encoding="utf-8")
    (problem,) = [p for p in _deck_json(many)["problems"] if p["code"] == "HL003"]
    assert len(problem["message"]) <= 200
    assert problem["message"].startswith(
        "'Flashback' could be 8 cards: Flashback: Annie Devlin [flashback-annie-devlin], "
    )
    assert problem["message"].endswith(
        " and 6 more cards; they differ in type, subtitle and 2 more facts"
    )
    assert len(problem["cards"]) == 8  # every candidate is in the JSON


# --- a title of several versions: subtitles that name nobody are like different texts ---

GRAYSON = ROOT / "examples" / "decks" / "valid" / "grayson-business-as-usual-type-two.txt"


def _grayson_with(tmp_path: Path, line: str) -> dict:
    text = re.sub(r"(?m)^6 Business as Usual$", line, GRAYSON.read_text(encoding="utf-8"))
    deck = tmp_path / "grayson.txt"
    deck.write_text(text, encoding="utf-8")
    return _deck_json(deck)


def _verdict(deck: dict) -> tuple[bool, list[tuple[str, str, str]]]:
    shown = [
        (p["code"], p["severity"], p["message"])
        for p in deck["problems"]
        if p["code"] in ("HL003", "HL103", "HL104")
    ]
    return deck["legal"], shown


@pytest.mark.parametrize(
    ("title", "versions", "room"),
    [("Business as Usual", 3, "2 + 2 + 2"), ("Security Guard", 2, "3 + 3")],
)
def test_versions_differing_in_subtitle_or_in_text_are_treated_alike(
    tmp_path, title, versions, room
):
    """Security Guard's versions differ only in a subtitle that names no persona, weapon or
    faction (Object, Situation), Grayson's Business as Usual only in text: a line naming
    the title may mean any version, its copies pooled over them, never ambiguous-card."""
    name = "Business as Usual: Grayson" if title == "Business as Usual" else title
    split = _grayson_with(tmp_path, f"6 {title}")
    assert _verdict(split) == (
        True,
        [
            (
                "HL104",
                "note",
                f"6 {name}: legal only when split over its {versions} versions ({room} at most); "
                "name the versions to be sure",
            )
        ],
    )
    assert _verdict(_grayson_with(tmp_path, f"2 {title}\n4 Dodge")) == (True, [])
    assert _verdict(_grayson_with(tmp_path, f"7 {title}")) == (
        False,
        [("HL103", "error", f"7 {name} break 2 limits: title-limit and restriction")],
    )


def test_versions_whose_subtitles_name_personas_stay_ambiguous(tmp_path):
    deck = _grayson_with(tmp_path, "3 Charm\n3 Upper Left Attack")
    assert _verdict(deck)[1][0][:2] == ("HL003", "error")


def test_a_note_never_contradicts_an_error_about_the_same_card(tmp_path):
    """In Type One no source confirms the Generic Immortal's permission to borrow one copy:
    two copies of Seduce: Amanda are an error either way, and the note on the unconfirmed
    permission no longer calls the card admitted."""
    text = (INVALID / "generic-borrow.txt").read_text(encoding="utf-8")
    deck = tmp_path / "generic.txt"
    deck.write_text(text.replace("Format: first-edition", "Format: type-one"), encoding="utf-8")
    report = _deck_json(deck)
    errors = [p for p in report["problems"] if p["severity"] == "error"]
    assert [(p["code"], p["message"]) for p in errors] == [
        (
            "HL204",
            "2 copies of Seduce: Amanda; a Generic Immortal may include at most 1 of a "
            "persona-specific card, and that only if the permission holds in type-one",
        )
    ]
    assert not [
        p
        for p in report["problems"]
        if p["severity"] == "note" and p["message"].startswith("generic-borrow:")
    ]
    one = tmp_path / "one.txt"
    one.write_text(deck.read_text().replace("2 Seduce: Amanda", "1 Seduce: Amanda"))
    notes = [p for p in _deck_json(one)["problems"] if p["message"].startswith("generic-borrow:")]
    assert [(p["code"], p["severity"], p["cards"]) for p in notes] == [
        ("HL900", "note", ["seduce-amanda"])
    ]
    assert notes[0]["message"].endswith("admitted but unchecked: Seduce: Amanda")


def test_notes_about_cards_an_error_takes_out_are_dropped(tmp_path):
    """The Kurgan's Master limit is not recorded, but the only Master card is Connor's,
    which the error removes: no note says it 'could not be checked'. A Generic Immortal
    may hold no Master card, so the Type One permission note does not call one admitted."""
    kurgan = _deck_json(INVALID / "kurgan-with-connors-card.txt")
    assert [p["message"].split(":")[0] for p in kurgan["problems"] if p["code"] == "HL900"] == [
        "format-legality",
        "gem-cap",
        "gem-cap",
        "restriction",
    ]
    text = (ROOT / "examples/decks/valid/generic-immortal-first-edition.txt").read_text()
    deck = tmp_path / "generic.txt"
    deck.write_text(
        text.replace("Format: first-edition", "Format: type-one")
        + "\n1 Master's Advantage: Ramirez\n",
        encoding="utf-8",
    )
    report = _deck_json(deck)
    assert [(p["code"], p["message"]) for p in report["problems"] if p["severity"] == "error"] == [
        ("HL205", "1 Master card (Master's Advantage: Ramirez); a Generic Immortal may include 0")
    ]
    assert not any(
        "Master's Advantage" in p["message"]
        for p in report["problems"]
        if p["message"].startswith("generic-borrow:")
    )
