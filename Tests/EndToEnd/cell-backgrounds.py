#!/usr/bin/env python3
"""Prints the background colour of every cell of one row of `tmux capture-pane -p -e` output.

Usage: tmux capture-pane -p -e -t NAME | cell-backgrounds.py ROW [FROM]
ROW is 1-based; with FROM, only the cells from the first occurrence of that text on. Output: one line per cell, "COLUMN BACKGROUND CHARACTER" (COLUMN 1-based,
BACKGROUND like "235", "48;2;30;30;46" shortened to "30,30,46", or "default").

tmux writes only the attributes that change from the previous cell (across rows too), so the
state is carried from the first line on; this is what a reader of the raw escapes gets wrong.
"""
import re
import sys
import unicodedata

row = int(sys.argv[1])
start_text = sys.argv[2] if len(sys.argv) > 2 else ""
cells = []
background = "default"
for number, line in enumerate(sys.stdin.read().split("\n"), 1):
    column = 1
    for match in re.finditer(r"\x1b\[([0-9;:]*)m|([^\x1b])", line):
        if match.group(2) is not None:
            if number == row:
                cells.append((column, background, match.group(2)))
            wide = unicodedata.east_asian_width(match.group(2)) in ("W", "F")
            column += 2 if wide else 1
            continue
        params = (match.group(1) or "0").replace(":", ";").split(";")
        i = 0
        while i < len(params):
            p = params[i]
            if p in ("", "0", "49"):
                background = "default"
            elif p in ("38", "48"):
                if params[i + 1] == "5":
                    value, i = params[i + 2], i + 2
                else:
                    value, i = ",".join(params[i + 2 : i + 5]), i + 4
                if p == "48":
                    background = value
            elif 40 <= int(p) <= 47 or 100 <= int(p) <= 107:
                background = "ansi" + p
            i += 1
    if number >= row:
        break
text = "".join(cell[2] for cell in cells)
start = text.find(start_text)
for column, background, character in cells[max(0, start) :] if start >= 0 else []:
    print(column, background, character)
