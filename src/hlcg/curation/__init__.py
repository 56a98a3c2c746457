"""The catalogue's write side: build ``data/source`` into SQLite, init, import, export and
verify. No deck check, lookup or fingerprint imports it.

The entry points, one per ``hlcg db`` command:

- ``build`` (``builder``, ``db build``): a source folder validated and written to a
  catalogue file.
- ``init`` (``importer``, ``db init``): a new catalogue, from the shipped one's reference
  tables, a copy of another, or empty.
- ``import_any`` (``import_entry``, ``db import``): the kind of file it is given, told by
  the one table ``kinds.IMPORT_KINDS`` -- a whole export (``exports``), an update sheet
  (``facts``), legality facts (``importer``), a sets file or research legality sheet
  (``research``), or card rows (``card_rows``; LackeyCCG data and the research card lists
  through ``lackey``'s column maps) -- imported with its ``ImportOptions``, all rows or
  none.
- ``export`` and ``export_catalogue`` (``exports``, ``db export``): a card file, or the
  whole catalogue as a folder, archive or JSON document.
- ``remove`` (``removal``, ``db remove``): a card, alias, legality fact, set or one fact
  taken out, refused while referred to, kept in fact_history with who, when and why.
- ``record_reading`` (``reading``, ``db fill``): the facts a player read off a printed
  card, one answer per write, each with its printed-card source.
- ``reader_facts`` and ``fact_sheet`` (``sharing``, ``db facts export``): the facts
  players read off their cards, as a fact sheet another catalogue imports.
- ``verify`` (``verification``, ``db info --verify``): a catalogue file's rows against
  its recorded hash, and its derived tables rebuilt to compare.

Beneath them: ``models`` (the pydantic contract every row is validated with), ``sources``
(the CSV and JSON readers), ``bundle`` (a catalogue in memory, read from a source folder or
a catalogue file), ``upsert`` (card rows merged into cards) and ``cardfile`` (the card file
format).

The door: the names below are what the rest of hlcg may use. Each is imported from its
module on first use, so importing the package costs nothing.
"""

TYPE_CHECKING = False  # typing's own costs more than this module (see hlcg/__init__.py)
if TYPE_CHECKING:
    from hlcg.curation.builder import build as build
    from hlcg.curation.bundle import Bundle as Bundle
    from hlcg.curation.bundle import read_bundle as read_bundle
    from hlcg.curation.cardfile import CardFileRow as CardFileRow
    from hlcg.curation.column_maps import parse_column_map as parse_column_map
    from hlcg.curation.exports import export as export
    from hlcg.curation.exports import export_catalogue as export_catalogue
    from hlcg.curation.exports import is_whole_catalogue_target as is_whole_catalogue_target
    from hlcg.curation.import_entry import import_any as import_any
    from hlcg.curation.importer import ImportResult as ImportResult
    from hlcg.curation.importer import init as init
    from hlcg.curation.importer import older_schema as older_schema
    from hlcg.curation.kinds import IMPORT_KINDS as IMPORT_KINDS
    from hlcg.curation.kinds import ImportOptions as ImportOptions
    from hlcg.curation.locking import writer_lock as writer_lock
    from hlcg.curation.metadata import datasette_metadata as datasette_metadata
    from hlcg.curation.piped import from_stdin as from_stdin
    from hlcg.curation.printed import PrintedSource as PrintedSource
    from hlcg.curation.printed import parse_printed_source as parse_printed_source
    from hlcg.curation.reading import check_reader as check_reader
    from hlcg.curation.reading import record_reading as record_reading
    from hlcg.curation.reading import remembered_reader as remembered_reader
    from hlcg.curation.removal import remove as remove
    from hlcg.curation.sharing import fact_sheet as fact_sheet
    from hlcg.curation.sharing import reader_facts as reader_facts
    from hlcg.curation.sources import MAX_SOURCE_BYTES as MAX_SOURCE_BYTES
    from hlcg.curation.verification import Verification as Verification
    from hlcg.curation.verification import verify as verify

_DOOR = {
    "build": "hlcg.curation.builder",
    "Bundle": "hlcg.curation.bundle",
    "CardFileRow": "hlcg.curation.cardfile",
    "parse_column_map": "hlcg.curation.column_maps",
    "import_any": "hlcg.curation.import_entry",
    "IMPORT_KINDS": "hlcg.curation.kinds",
    "ImportOptions": "hlcg.curation.kinds",
    "export": "hlcg.curation.exports",
    "ImportResult": "hlcg.curation.importer",
    "init": "hlcg.curation.importer",
    "older_schema": "hlcg.curation.importer",
    "writer_lock": "hlcg.curation.locking",
    "datasette_metadata": "hlcg.curation.metadata",
    "from_stdin": "hlcg.curation.piped",
    "PrintedSource": "hlcg.curation.printed",
    "parse_printed_source": "hlcg.curation.printed",
    "read_bundle": "hlcg.curation.bundle",
    "remove": "hlcg.curation.removal",
    "check_reader": "hlcg.curation.reading",
    "record_reading": "hlcg.curation.reading",
    "remembered_reader": "hlcg.curation.reading",
    "MAX_SOURCE_BYTES": "hlcg.curation.sources",
    "fact_sheet": "hlcg.curation.sharing",
    "reader_facts": "hlcg.curation.sharing",
    "export_catalogue": "hlcg.curation.exports",
    "is_whole_catalogue_target": "hlcg.curation.exports",
    "Verification": "hlcg.curation.verification",
    "verify": "hlcg.curation.verification",
}

if not TYPE_CHECKING:
    from hlcg import lazy_attributes

    __getattr__ = lazy_attributes(__name__, _DOOR)
