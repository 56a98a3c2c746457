from datetime import date

from hlcg.curation import PrintedSource, parse_printed_source


def test_a_printed_source_reads_back_as_written() -> None:
    source = PrintedSource("2E-B1", "14", "Alice Smith", date(2026, 12, 6))
    assert source.text == "printed card 2E-B1 14, read by Alice Smith on 2026-12-06"
    assert parse_printed_source(source.text) == source


def test_a_printing_without_a_number_leaves_it_out() -> None:
    source = PrintedSource("SE", "", "Bob", date(2026, 1, 2))
    assert source.text == "printed card SE, read by Bob on 2026-01-02"
    assert parse_printed_source(source.text) == source


def test_other_sources_are_not_printed_cards() -> None:
    assert parse_printed_source("http://www.watcherdatabase.tk/Cards/Card/141.html") is None
    assert parse_printed_source("printed card SE, read by Bob on 2026-13-40") is None
