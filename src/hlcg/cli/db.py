"""`hlcg db ...`: build, create, import into, export and describe catalogues."""

from hlcg.cli.common import PanelCommand, command_group
from hlcg.cli.db_datasette import datasette_metadata_command
from hlcg.cli.db_facts import app as facts_app
from hlcg.cli.db_fill import fill_command
from hlcg.cli.db_import import import_command
from hlcg.cli.db_inspect import gaps_command, info_command
from hlcg.cli.db_manage import build_command, export_command, init_command
from hlcg.cli.db_remove import remove_command

app = command_group("Build and manage card catalogues.")

# in the order `hlcg db --help` lists them: a catalogue's life from build to gaps
for name, command in (
    ("build", build_command),
    ("init", init_command),
    ("import", import_command),
    ("remove", remove_command),
    ("export", export_command),
    ("info", info_command),
    ("gaps", gaps_command),
    ("fill", fill_command),
    ("datasette-metadata", datasette_metadata_command),
):
    app.command(name, cls=PanelCommand)(command)
app.add_typer(facts_app, name="facts")
