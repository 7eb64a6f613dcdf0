"""A Sudoku board as HTML, for Jupyter (Sudoku._repr_html_)."""

import html


def sudoku_html(puzzle, given=None) -> str:
    """An HTML table of the grid: thick lines between boxes, blanks empty. `given` (a Sudoku, e.g. the
    puzzle a solution solves) shows its filled cells in bold and the others in blue."""
    side, box = puzzle.side, puzzle.box
    text = puzzle.line()
    givens = given.cells if given is not None else None
    rows = []
    for r in range(side):
        cells = []
        for c in range(side):
            i = r * side + c
            style = ["width:1.6em", "height:1.6em", "text-align:center", "font-family:monospace",
                     "border:1px solid #999"]
            if c % box == 0:
                style.append("border-left:2px solid #000")
            if c == side - 1:
                style.append("border-right:2px solid #000")
            if r % box == 0:
                style.append("border-top:2px solid #000")
            if r == side - 1:
                style.append("border-bottom:2px solid #000")
            v = puzzle.cells[i]
            if givens is not None and v != 0:
                style.append("font-weight:bold" if givens[i] != 0 else "color:#1a5fb4")
            elif v != 0:
                style.append("font-weight:bold")
            shown = html.escape(text[i]) if v != 0 else ""
            cells.append('<td style="%s">%s</td>' % (";".join(style), shown))
        rows.append("<tr>%s</tr>" % "".join(cells))
    return '<table style="border-collapse:collapse">%s</table>' % "".join(rows)
