"""A sheet check's result as the text `hlcg tcboo check` prints."""

from __future__ import annotations

from hlcg.tcboo.sheet import SheetResult
from hlcg.wording import plural


def _derived_lines(derived: dict[str, object]) -> list[str]:
    lines = []
    stats = derived.get("stats")
    if isinstance(stats, dict):
        lines.append("  stats: " + ", ".join(f"{k} {v}" for k, v in stats.items()))
    if derived.get("life_points") is not None:
        lines.append(f"  Life Points: {derived['life_points']} (15 + Endurance)")
    where = derived.get("location")
    if isinstance(where, dict):
        lines.append(f"  location: {where['name']} ({where['effect']})")
    lines.append(f"  hand size: {derived['hand_size']} ({derived['hand_size_note']})")
    notes = derived.get("location_notes")
    lines += [f"  {note}" for note in notes] if isinstance(notes, list) else []
    forces = derived["card_forces"]
    assert isinstance(forces, dict)
    shown = ", ".join(f"{card} {'?' if value is None else value}" for card, value in forces.items())
    lines.append(f"  Force of stat-based cards with {derived.get('sword', 'no sword')}: {shown}")
    return lines


def render_text(result: SheetResult) -> str:
    """The verdict: the problems (each at its key), the derived values, LEGAL or ILLEGAL."""
    lines = [
        f"{result.path}: {result.name or '(unnamed)'}" + (" (premade)" if result.premade else "")
    ]
    for problem in result.problems:
        where = f"{problem.field}: " if problem.field else ""
        lines.append(f"{result.path}: {where}{problem.rule}: {problem.message}")
    lines += _derived_lines(result.derived)
    if result.premade and result.legal:
        lines.append(str(result.derived["note"]).replace("premade", "PREMADE", 1))
    elif result.premade:  # its numbers stand as printed; what was asked of it does not
        lines.append(f"NOT ACCEPTED: {plural(len(result.problems), 'problem')}")
    elif result.legal:
        lines.append("LEGAL")
    else:
        lines.append(f"ILLEGAL: {plural(len(result.problems), 'problem')}")
    return "\n".join(lines) + "\n"
