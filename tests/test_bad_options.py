"""Every bad option of a check gets its message (docs/architecture.md §2): the check's door
(``CheckOptions.check_usage``) says all of them at once, one `hlcg: error:` line each, and
exit code 2; it used to stop at the first."""

import pytest
from typer.testing import CliRunner

from hlcg.cli.app import app
from hlcg.errors import UsageError

runner = CliRunner()
FORMATS = "first-edition, type-one, type-two"


def test_validate_names_every_bad_option_on_a_line_of_its_own():
    args = ["validate", "-", "--format", "typ", "--date", "2026-02-30"]
    args += ["--select", "nosuch", "--select", "HL8", "--ignore", "zz", "--in-place"]
    result = runner.invoke(app, args, input="")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.splitlines() == [
        f"hlcg: error: --format: 'typ' is not a format; use one of {FORMATS}",
        "hlcg: error: --date '2026-02-30': 2026-02-30 is not a day of the calendar",
        "hlcg: error: --select/--ignore 'nosuch' matches no rule; see `hlcg rules`",
        "hlcg: error: --select/--ignore 'HL8' matches no rule; see `hlcg rules`",
        "hlcg: error: --select/--ignore 'zz' matches no rule; see `hlcg rules`",
        "hlcg: error: --in-place only goes with --fix",
    ]


def test_one_bad_option_is_one_line():
    result = runner.invoke(app, ["validate", "-", "--select", "HL8"], input="")
    assert result.exit_code == 2
    assert result.stderr == (
        "hlcg: error: --select/--ignore 'HL8' matches no rule; see `hlcg rules`\n"
    )


def test_the_library_s_door_carries_each_message():
    from hlcg.check import CheckOptions

    options = CheckOptions(fail_on=("errors", "warning", "typos"), fix=True)
    with pytest.raises(UsageError) as refused:
        options.check_usage(["-"])
    assert refused.value.messages == (
        "--fail-on 'errors': use one of warning, unchecked",
        "--fail-on 'typos': use one of warning, unchecked",
        "--fix writes the fixed deck beside its file; standard input (-) has none: "
        "save the deck to a file first",
    )
    assert str(refused.value) == "\n".join(refused.value.messages)


def test_an_output_file_that_exists_is_named_beside_the_check_s_bad_options(tmp_path):
    report = tmp_path / "report.json"
    report.write_text("{}\n", encoding="utf-8")
    args = ["validate", "-", "-o", "json", "--output-file", str(report), "--in-place"]
    result = runner.invoke(app, [*args, "--format", "zzz"], input="")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.splitlines() == [
        f"hlcg: error: --format: 'zzz' is not a format; use one of {FORMATS}",
        "hlcg: error: --in-place only goes with --fix",
        f"hlcg: error: {report} exists; use --force to overwrite it",
    ]
    assert report.read_text(encoding="utf-8") == "{}\n"
