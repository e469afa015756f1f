"""bluffkit's own artwork, drawn as inline SVG and CSS (no network, no copied art): the
animal cards (name, value and a simple drawn head), money notes, card backs with their
count, Bløff's playing cards and Bluffer's answer sheets, in one visual language.

Colours come from the Okabe–Ito palette, which people with the common kinds of colour
blindness tell apart; every colour also carries a word or a number, never meaning alone.
Sizes are in ``em``, so the projector mode (a larger font on the panel) scales the
drawings with the text.

>>> "rooster" in animal_card("rooster", 10, 0)
True
>>> note_svg(50).count("<svg")
1
"""

from __future__ import annotations

import re
from html import escape

#: Okabe & Ito (2008), "Color Universal Design": eight colours safe for colour-blind readers.
OKABE_ITO = {"black": "#000000", "orange": "#E69F00", "sky": "#56B4E9", "green": "#009E73",
             "yellow": "#F0E442", "blue": "#0072B2", "vermillion": "#D55E00", "purple": "#CC79A7"}
_O = OKABE_ITO
#: Each note value's colour (the value is always written on the note too).
NOTE_COLOURS = {0: "#d9d9d9", 10: _O["sky"], 50: _O["green"], 100: _O["yellow"], 200: _O["orange"],
                500: _O["purple"]}
INK = "#1b1b1b"
#: Okabe-Ito's vermillion darkened in the same hue, for white text on it and for text on
#: white: 5.5:1 (WCAG AA), where #D55E00 gives 3.9:1, too faint on a projected screen (the
#: Bidder Up! pawns darken the green alike: ``svg_draw.PAWN_COLOURS``).
DEEP_VERMILLION = "#B34700"
#: The red suits: Paul Tol's vibrant red, a playing card's red that reads at 5.2:1 on white
#: and stays 3.3 times as light as the black suits' ink for red-green colour-blind eyes.
RED_SUIT = "#CC3311"

# -- the animals' heads: a few shapes each, on a 60 x 44 canvas --------------------------------
_HEADS = {
    "rooster": ("#f4efe6", "<circle cx='26' cy='8' r='4' fill='{v}'/><circle cx='31' cy='6' r='4' fill='{v}'/>"
                "<circle cx='36' cy='8' r='4' fill='{v}'/><circle cx='31' cy='24' r='12' fill='{b}'/>"
                "<polygon points='42,22 52,26 42,29' fill='{o}'/><circle cx='35' cy='20' r='2' fill='{k}'/>"
                "<path d='M30 34 q2 8 4 0' fill='{v}'/>"),
    "goose": ("#dcebf5", "<rect x='24' y='10' width='8' height='26' rx='4' fill='{b}'/>"
              "<circle cx='28' cy='12' r='8' fill='{b}'/><polygon points='35,10 48,13 35,16' fill='{o}'/>"
              "<circle cx='30' cy='10' r='1.8' fill='{k}'/>"),
    "cat": ("#e8e2d8", "<polygon points='16,12 20,0 27,10' fill='{b}'/><polygon points='44,12 40,0 33,10' fill='{b}'/>"
            "<circle cx='30' cy='22' r='14' fill='{b}'/><circle cx='25' cy='20' r='2' fill='{k}'/>"
            "<circle cx='35' cy='20' r='2' fill='{k}'/><polygon points='28,26 32,26 30,28' fill='{p}'/>"
            "<path d='M14 26 h10 M14 30 h10 M36 26 h10 M36 30 h10' stroke='{k}' stroke-width='.8'/>"),
    "dog": ("#d9c3a5", "<ellipse cx='16' cy='20' rx='6' ry='12' fill='{d}'/><ellipse cx='44' cy='20' rx='6' ry='12' "
            "fill='{d}'/><circle cx='30' cy='21' r='13' fill='{b}'/><circle cx='25' cy='18' r='2' fill='{k}'/>"
            "<circle cx='35' cy='18' r='2' fill='{k}'/><ellipse cx='30' cy='27' rx='4' ry='3' fill='{k}'/>"),
    "sheep": ("#f7f7f7", "<circle cx='20' cy='14' r='7' fill='#fff' stroke='#bbb'/><circle cx='30' cy='10' r='7' "
              "fill='#fff' stroke='#bbb'/><circle cx='40' cy='14' r='7' fill='#fff' stroke='#bbb'/>"
              "<ellipse cx='30' cy='25' rx='9' ry='12' fill='{k}'/><circle cx='26' cy='22' r='1.8' fill='#fff'/>"
              "<circle cx='34' cy='22' r='1.8' fill='#fff'/>"),
    "goat": ("#ece6da", "<path d='M22 12 q-6 -12 -12 -4' stroke='{k}' stroke-width='3' fill='none'/>"
             "<path d='M38 12 q6 -12 12 -4' stroke='{k}' stroke-width='3' fill='none'/>"
             "<ellipse cx='30' cy='22' rx='11' ry='14' fill='{b}'/><polygon points='26,34 34,34 30,44' fill='{d}'/>"
             "<circle cx='25' cy='19' r='2' fill='{k}'/><circle cx='35' cy='19' r='2' fill='{k}'/>"),
    "donkey": ("#e4e4e4", "<ellipse cx='21' cy='8' rx='4' ry='11' fill='{d}'/><ellipse cx='39' cy='8' rx='4' ry='11' "
               "fill='{d}'/><ellipse cx='30' cy='24' rx='11' ry='15' fill='{d}'/><ellipse cx='30' cy='33' rx='8' "
               "ry='6' fill='#eee'/><circle cx='25' cy='20' r='2' fill='{k}'/><circle cx='35' cy='20' r='2' fill='{k}'/>"),
    "pig": ("#fbe3ec", "<polygon points='17,10 23,2 26,12' fill='{p}'/><polygon points='43,10 37,2 34,12' fill='{p}'/>"
            "<circle cx='30' cy='22' r='14' fill='{p}'/><ellipse cx='30' cy='27' rx='7' ry='5' fill='#f3b6cc' "
            "stroke='{k}' stroke-width='.6'/><circle cx='27.5' cy='27' r='1.4' fill='{k}'/>"
            "<circle cx='32.5' cy='27' r='1.4' fill='{k}'/><circle cx='24' cy='18' r='2' fill='{k}'/>"
            "<circle cx='36' cy='18' r='2' fill='{k}'/>"),
    "cow": ("#eef3f7", "<path d='M18 10 q-6 -8 -10 -2' stroke='{k}' stroke-width='3' fill='none'/>"
            "<path d='M42 10 q6 -8 10 -2' stroke='{k}' stroke-width='3' fill='none'/>"
            "<ellipse cx='30' cy='21' rx='13' ry='14' fill='#fff' stroke='{k}' stroke-width='.6'/>"
            "<ellipse cx='24' cy='14' rx='5' ry='4' fill='{k}'/><ellipse cx='30' cy='31' rx='9' ry='6' fill='{p}'/>"
            "<circle cx='25' cy='21' r='2' fill='{k}'/><circle cx='35' cy='21' r='2' fill='{k}'/>"),
    "horse": ("#efe7dc", "<path d='M20 8 l4 -7 l3 8 z' fill='{d}'/><ellipse cx='30' cy='22' rx='10' ry='17' fill='{d}'/>"
              "<path d='M24 6 q-6 14 -2 30' stroke='{k}' stroke-width='4' fill='none'/>"
              "<ellipse cx='31' cy='34' rx='7' ry='5' fill='#b08d68'/><circle cx='27' cy='18' r='2' fill='{k}'/>"
              "<circle cx='35' cy='18' r='2' fill='{k}'/>"),
}
_SHADE = {"b": "#f5f5f5", "d": "#9b7653", "k": INK, "o": _O["orange"], "v": _O["vermillion"], "p": "#f2a7c3"}
_BODY = {"rooster": "#ffffff", "goose": "#ffffff", "cat": _O["orange"], "dog": "#c89b67", "goat": "#ddd4c4"}
#: Animals whose head is white on a light ground: drawn with an outline.
_LIGHT = {"rooster", "goose"}


def head_svg(animal: str) -> str:
    """The head of ``animal`` (one of the ten families) as SVG shapes on a 60 x 44 canvas."""
    bg, shapes = _HEADS.get(animal, ("#eee", "<circle cx='30' cy='22' r='14' fill='{d}'/>"))
    colours = dict(_SHADE, b=_BODY.get(animal, _SHADE["b"]))
    # a light head (the white goose, the rooster) on a light ground gets a dark outline
    outline = " stroke='#555' stroke-width='1.2'" if animal in _LIGHT else ""
    return (f"<rect width='60' height='44' fill='{bg}'/><g{outline}>" + shapes.format(**colours) + "</g>")


#: An animal card's picture (the 60 x 44 head, scaled to end at ``PICTURE_BOTTOM``) and
#: type, in units of its 64 x 88 drawing: Horse Trading's animal name under the picture and
#: the family value at the foot, each in its own band (a name's tail, "pig", stops short of
#: the value's digits; its capitals stay below the picture).
PICTURE_SCALE, PICTURE_TOP = 0.93, 19
PICTURE_BOTTOM = PICTURE_TOP + 44 * PICTURE_SCALE
NAME_SIZE, NAME_Y, VALUE_SIZE, VALUE_Y = 11, 70, 15, 85


def animal_card(label: str, value: int, family: int, animal: str | None = None, count: int = 0,
                small: bool = False, set_word: str = "family") -> str:
    """One animal card: its ``label`` (a name, or Horse Trading's rank), its family
    ``value`` and a drawn head of ``animal`` (the family's animal); ``count`` > 1 adds a
    badge "×count"; ``set_word`` names the four cards in the tooltip (Horse Trading's "set")."""
    animal = animal or label
    named = label == animal                 # You're Bluffing!'s names; Horse Trading's ranks add the animal
    cls = "bk-card bk-animal" + (" bk-small" if small else "")
    badge = f"<span class='bk-badge'>&times;{count}</span>" if count > 1 else ""     # over the picture, no text
    title = f"{label} ({set_word} value {value})" + (f", {count} cards" if count > 1 else "")
    said = title if named else f"{label}, {animal}{title[len(label):]}"     # a rank says its animal too
    return (f"<span class='{cls}' title='{escape(title)}'><svg viewBox='0 0 64 88' role='img' "
            f"aria-label='{escape(said)}'><rect x='1' y='1' width='62' height='86' rx='6' fill='#fff' "
            f"stroke='{INK}' stroke-width='1.5'/><text x='32' y='{16 if named else 19}' text-anchor='middle' "
            f"font-size='{14 if named else 20}' font-weight='bold' fill='{INK}' font-family='sans-serif'>"
            f"{escape(label)}</text><g transform='translate({32 - 30 * PICTURE_SCALE:.1f} {PICTURE_TOP}) "
            f"scale({PICTURE_SCALE})'>{head_svg(animal)}</g>"
            + ("" if named else f"<text x='32' y='{NAME_Y}' text-anchor='middle' font-size='{NAME_SIZE}' "
               f"fill='{INK}' font-family='sans-serif'>{escape(animal)}</text>")
            + f"<text x='32' y='{VALUE_Y}' text-anchor='middle' font-size='{VALUE_SIZE}' font-weight='bold' "
            f"fill='{_O['blue']}' "
            f"font-family='sans-serif'>{value}</text></svg>{badge}</span>")


#: The size of a note's value on its drawing, in units of its 70-unit-wide viewBox: with
#: the note :data:`NOTE_WIDTH_EM` wide, the value reads at about 16 px in a widget's 13 px
#: type and 22 px on the projector, from the back of a classroom.
NOTE_VALUE_SIZE = 24
#: How many lines high "What happened" is in projector mode (it scrolls to the rest): the
#: three newest moves when one of them takes two lines.
PROJECTOR_LOG_LINES = 4

#: A drawn note's width in ``em``: on the page, and in projector mode (``.bk-projector``).
NOTE_WIDTH_EM, PROJECTOR_NOTE_WIDTH_EM = 3.6, 3.2


def note_svg(value: int, unit: str = "note") -> str:
    """A money note of ``value``, drawn as a note (the value large in the middle, small in a
    corner); ``unit`` names it in its tooltip (Horse Trading's "money card")."""
    fill = NOTE_COLOURS.get(value, "#eee")
    return (f"<span class='bk-note' title='a {unit} of {value}'><svg viewBox='0 0 70 40' role='img' "
            f"aria-label='{value}'><rect x='1' y='1' width='68' height='38' rx='4' fill='{fill}' stroke='{INK}' "
            f"stroke-width='1.2'/><rect x='4' y='4' width='62' height='32' rx='3' fill='none' stroke='{INK}' "
            f"stroke-opacity='.35'/><ellipse cx='35' cy='21' rx='25' ry='13' fill='#fff' fill-opacity='.8'/>"
            f"<text x='35' y='29.5' text-anchor='middle' font-size='{NOTE_VALUE_SIZE}' font-weight='bold' "
            f"fill='{INK}' font-family='sans-serif'>{value}</text><text x='6' y='11' font-size='8' "
            f"fill='{INK}' font-family='sans-serif'>{value}</text></svg></span>")


def notes_html(notes, denominations, word: str = "notes", unit: str = "note") -> str:
    """A seat's own notes face up (``notes``: how many of each denomination), each value's
    notes together; in projector mode they overlap, with their number written after them,
    so that a hand of a dozen notes takes one row. ``word``: what an empty hand has none
    of, ``unit``: one of them (Horse Trading's "money cards", "money card")."""
    stacks = [f"<span class='bk-stack'>{note_svg(v, unit) * k}"
              + (f"<span class='bk-stack-n'>&times;{k}</span>" if k > 1 else "") + "</span>"
              for v, k in zip(denominations, notes) if k]
    return "<span class='bk-row'>" + "".join(stacks) + "</span>" if stacks else f"<i>no {word}</i>"


#: What one of ``what`` is: its noun, the last word before "in", "on" or "of" (or the end), without its "s".
_NOUN = re.compile(r"(.*?)s((?: (?:in|on|of) .*)?)$")


def one_of(what: str) -> str:
    """``what`` for one of them: its noun in the singular.

    >>> one_of("cards in the pile"), one_of("money cards"), one_of("notes")
    ('card in the pile', 'money card', 'note')
    """
    m = _NOUN.match(what)
    return m.group(1) + m.group(2) if m else what


def backs(count: int, what: str = "cards") -> str:
    """``count`` face-down cards as a small stack of card backs with the number written on it."""
    layers = min(count, 3)
    rects = "".join(f"<rect x='{2 + 4 * i}' y='{2 + 3 * (layers - 1 - i)}' width='36' height='50' rx='4' "
                    f"fill='{_O['blue']}' stroke='#fff' stroke-width='1.5'/>" for i in range(layers))
    pattern = (f"<path d='M{2 + 4 * (layers - 1)} {2} l36 50 M{38 + 4 * (layers - 1)} 2 l-36 50' stroke='#fff' "
               "stroke-opacity='.35' stroke-width='3'/>") if layers else ""
    if not layers:          # an empty pile: a solid outline that says so
        return (f"<span class='bk-empty' title='no {escape(what)}' role='img' aria-label='no {escape(what)}'>"
                "empty</span>")
    if count == 1:
        what = one_of(what)
    return (f"<span class='bk-backs' title='{count} {escape(what)} face down'><svg viewBox='0 0 50 56' role='img' "
            f"aria-label='{count} {escape(what)}'>{rects}{pattern}</svg>"
            f"<span class='bk-count'>{count}</span></span>")


def playing_card(rank: str, suit: str, second_deck: bool = False) -> str:
    """A playing card of Bløff, face up: ``rank`` (A, 2 .. K) and ``suit`` (S, H, D, C); a
    card of the second deck (seven players or more by default) has a ``*`` in its corner,
    and its tooltip says so."""
    sym = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}[suit]
    colour = RED_SUIT if suit in "HD" else INK
    star = "<text x='54' y='82' font-size='9' text-anchor='end' fill='#777'>*</text>" if second_deck else ""
    name = f"{rank}{sym}" + (" * (second deck)" if second_deck else "")
    return (f"<span class='bk-card bk-play' title='{name}'><svg viewBox='0 0 64 88' role='img' "
            f"aria-label='{name}'><rect x='1' y='1' width='62' height='86' rx='6' fill='#fff' stroke='{INK}' "
            f"stroke-width='1.5'/><text x='7' y='20' font-size='16' font-weight='bold' fill='{colour}' "
            f"font-family='sans-serif'>{rank}</text><text x='7' y='36' font-size='14' fill='{colour}'>{sym}</text>"
            f"<text x='32' y='66' font-size='30' text-anchor='middle' fill='{colour}'>{sym}</text>{star}</svg></span>")


def sheet(number: int | None, text: str, note: str = "") -> str:
    """One of Bluffer's answer sheets: a slip of paper with the answer on it, numbered
    once the answers are read (``number`` ``None``: not yet); ``note`` is HTML."""
    extra = f"<div class='bk-sheet-note'>{note}</div>" if note else ""
    no = f"<span class='bk-sheet-no'>#{number}</span> " if number is not None else ""
    return f"<div class='bk-sheet'>{no}{escape(text)}{extra}</div>"


#: A widget's widest in its column: the column's width less the widget margins on its two
#: sides (a box as wide as the column runs past its edge by its left margin): the panel's
#: slider, Bluffer's Answer box, Bidder Up!'s horse-trade list.
FIT_COLUMN = "calc(100% - 2 * var(--jp-widgets-margin, 2px))"

#: A panel on the projector and live: one drawn from a notebook's saved state (its kernel gone)
#: does not hide the notebook, whose Projector button would not bring it back.
_LIVE = ".bk-projector:not(.jupyter-widgets-disconnected)"

#: The panels' style sheet: the table, the drawings, the controls styled as notes and cards,
#: the seat to act, and the projector mode (``.bk-projector``: large type, larger drawings;
#: Bidder Up!'s buttons for the spaces reached, a dozen after some rolls, give way to the
#: ringed spaces on the board, which the prompt says to click, so the screen still fits).
#: A panel drawn from a notebook's saved state before its cells run shows JupyterLab's
#: broken-link mark once, on the panel, not on each of its dozens of controls. Bluffer's
#: answer sheets, as read, sit closer on a projector (with 8 players, 5 sheets in 4 rows, the
#: cover's "Writing team's screen" was below a 1280 x 720 screen, the file browser open). A
#: Bløff seat's hand beside the table (``bk-held``: on a projector, at a call and after the
#: seat's own move) is drawn in cards a little smaller than the table's, smaller still for a
#: big hand (``bk-held-many``), its title leading their first row. A seat's receipts above its
#: prompt (``bk-receipt``: :func:`~bluffkit.widgets.seat_panel.receipt_html`) are in 16 px type.
#: A panel's rows of Undo, Log file and Save log, and of the Move box and Play move
#: (``bk-side``), wrap rather than shrink a button (at 150 % zoom with the file browser open
#: "Save log" was cut short).
#: While a panel in a notebook is on the projector, the notebook shows the panel alone: the
#: cell's code, its other outputs and the cells around it (a teacher's note, values printed) are
#: made invisible where they stand (``visibility``, not ``display``: nothing moves, so the
#: notebook's scroll and the panel's place are as they were, and turning the projector off
#: brings the notebook back as it was; a cell taken out of the layout shortened the notebook,
#: which moved its scroll). JupyterLab's own toolbar, tabs and file browser stay.
CSS = f"""<style>
.bk-panel {{font-family: sans-serif; font-size: 15px; color: {INK}}}
.bk-panel .jupyter-widgets-disconnected::before {{content: none}}
.bk-panel .bk-sr-only, .bk-lab .bk-sr-only {{position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0);
  white-space: nowrap}}
.bk-panel button:focus-visible, .bk-panel input:focus-visible, .bk-panel select:focus-visible,
.bk-panel textarea:focus-visible, .bk-panel .bk-legal:focus-visible {{outline: 3px solid {INK} !important;
  outline-offset: 2px}}
.bk-panel > .widget-slider {{max-width: {FIT_COLUMN}}}
.bk-panel .lm-TabBar-tab, .bk-panel .jupyter-widget-Collapse-header {{color: #3b3b3b}}
.jp-Notebook:has({_LIVE}) .jp-Cell:not(:has({_LIVE})) {{visibility: hidden}}
.jp-Cell:has({_LIVE}) .jp-Cell-inputWrapper, .jp-Cell:has({_LIVE}) .jp-Cell-footer,
.jp-Cell:has({_LIVE}) .jp-Collapser, .jp-Cell:has({_LIVE}) .jp-OutputPrompt,
.jp-Cell:has({_LIVE}) .jp-OutputArea-promptOverlay,
.jp-Cell:has({_LIVE}) .jp-OutputArea-child:not(:has({_LIVE})) {{visibility: hidden}}
.bk-panel.bk-projector {{font-size: 22px; --jp-widgets-font-size: 20px; --jp-widgets-inline-height: 40px;
  --jp-widgets-inline-label-width: 110px}}
.bk-projector .jupyter-button, .bk-projector .widget-label, .bk-projector input {{font-size: 20px !important}}
.bk-projector .bk-bid-amount input {{padding-left: 1px; padding-right: 1px}}
.bk-projector .jupyter-button {{height: auto; min-height: 40px; white-space: normal; line-height: 1.3}}
.bk-projector .bk-receipt {{font-size: 16px; line-height: 1.35}}
.bk-projector .widget-html-content {{line-height: 1.35}}
.bk-projector .bk-side {{display: none !important}}
.bk-panel .bk-side {{flex-wrap: wrap}}
.bk-panel .bk-side > .jupyter-button {{flex-shrink: 0}}
.bk-projector .bk-answers .bk-sheet {{padding: 2px 8px; margin: 2px; line-height: 1.25}}
.bk-projector .bk-log-lines {{max-height: {PROJECTOR_LOG_LINES * 1.35}em; overflow-y: auto}}
.bk-projector .bk-lay {{margin-bottom: 4px}}
.bk-projector .bk-hand-many .jupyter-button.bk-card-btn {{width: 2.6em; height: 2.7em; font-size: 0.9em}}
.bk-projector .bk-money-row:has(> :nth-child(13)) .jupyter-button.bk-note-btn {{width: 2.8em; height: 2em}}
.bk-projector .bk-held .bk-card {{width: 2.5em}}
.bk-projector .bk-held .bk-held-many .bk-card {{width: 2em}}
.bk-held-title {{align-self: center; margin-right: 6px; line-height: 1.25}}
.bk-projector .bk-space-btn:not(:focus) {{position: absolute !important; width: 1px !important; height: 1px !important;
  min-height: 0 !important; padding: 0 !important; margin: -1px !important; overflow: hidden; clip-path: inset(50%);
  white-space: nowrap; border: 0}}
.bk-projector .bk-note {{width: {PROJECTOR_NOTE_WIDTH_EM}em}}
.bk-projector .bk-card {{width: 3.1em}}
.bk-projector .bk-card.bk-small {{width: 2.5em}}
.bk-projector .bk-hand-small .bk-card {{width: 2em}}
.bk-projector .bk-me .bk-card.bk-small, .bk-projector .bk-me .bk-hand-small .bk-card {{width: 3.1em}}
.bk-projector .bk-backs {{width: 1.8em}}
.bk-projector .bk-seats {{gap: 6px}}
.bk-projector .bk-seat {{min-width: 6em; padding: 2px 6px}}
.bk-projector .bk-seat.bk-me {{order: -1; flex: 1 1 100%; display: flex; flex-wrap: wrap; align-items: center;
  column-gap: 10px}}
.bk-projector .bk-seat:not(.bk-me) > div {{display: inline-block; vertical-align: middle}}
.bk-projector .bk-seat:not(.bk-me) .bk-name {{display: block}}
.bk-projector .bk-seat:not(.bk-me) > .bk-money {{margin-left: .4em}}
.bk-projector .bk-stack .bk-note + .bk-note {{margin-left: -2.3em}}
.bk-projector .bk-stack-n {{display: inline; align-self: center; font-weight: bold; margin: 0 4px 0 2px}}
.bk-projector .bk-centre {{margin: 4px 0; padding: 3px 8px}}
.bk-projector .bk-points, .bk-projector .bk-last-table {{font-size: .85em}}
.bk-projector table.bk-points {{display: block; max-width: 100%; overflow-x: auto}}
.bk-projector .widget-html > .widget-html-content {{min-width: 0}}
.bk-projector .bk-points th, .bk-projector .bk-points td {{padding: 0 6px; line-height: 1.25}}
.bk-projector .bk-points td:first-child {{white-space: nowrap}}
.bk-projector .bk-points .bk-tag {{display: table; border-collapse: separate; margin: 2px 0 0; font-size: max(16px, .95em)}}
.bk-projector .bk-points.bk-by-player .bk-tag {{display: inline-block; margin: 0 0 0 6px}}
.bk-projector .bk-points.bk-by-player td {{white-space: nowrap}}
.bk-projector .bk-points.bk-by-player td:first-child {{white-space: normal}}
.bk-projector .bk-tag {{line-height: 1.3}}
.bk-projector .bk-last-table td, .bk-projector .bk-last-table th {{padding: 0 6px; line-height: 1.25}}
.bk-projector .bk-last-table td:nth-child(2) {{min-width: 5em}}
.bk-projector .bk-head {{font-size: .85em}}
.bk-projector .bk-table td, .bk-projector .bk-table th {{padding: 1px 8px}}
.bk-drawn {{font-family: sans-serif; font-size: 1em; line-height: 1.3}}
.bk-drawn .bk-head {{font-size: 1.05em; margin: 2px 0 6px}}
.bk-seats {{display: flex; flex-wrap: wrap; gap: 8px}}
.bk-seat {{border: 2px solid #ccc; border-radius: 8px; padding: 4px 8px; min-width: 12em; background: #fafafa}}
.bk-seat.bk-act {{border: 3px solid {_O['orange']}; background: #fff4dc; box-shadow: 0 0 0 2px #fff4dc}}
.bk-seat.bk-me {{background: #eef6fc}}
.bk-seat .bk-name {{font-weight: bold}}
.bk-tag {{display: inline-block; font-size: max(12px, .8em); padding: 0 5px; margin-left: 4px; border-radius: 8px;
  background: {_O['blue']}; color: #fff; font-weight: normal; white-space: nowrap}}
.bk-tag.bk-tag-act {{background: {_O['orange']}; color: {INK}}}
.bk-centre {{display: flex; flex-wrap: wrap; gap: 14px; align-items: center; margin: 6px 0; padding: 6px 10px;
  border-radius: 8px; background: #f0f7f3; border: 1px solid #cfe3d8}}
.bk-row {{display: inline-flex; flex-wrap: wrap; gap: 3px; align-items: flex-end; vertical-align: middle}}
.bk-card {{display: inline-block; position: relative; width: max(3.8em, 60px); vertical-align: middle}}
.bk-card.bk-small, .bk-hand-small .bk-card {{width: max(3.4em, 56px)}}
.bk-card svg, .bk-note svg, .bk-backs svg {{width: 100%; height: auto; display: block}}
.bk-badge {{position: absolute; right: -5px; top: 36%; background: {INK}; color: #fff; border-radius: 9px;
  font-size: .7em; padding: 0 4px}}
.bk-note {{display: inline-block; width: {NOTE_WIDTH_EM}em; flex: none; vertical-align: middle}}
.bk-backs {{display: inline-block; position: relative; width: 2.2em; vertical-align: middle}}
.bk-stack {{display: inline-flex; flex-wrap: wrap; align-items: flex-end; gap: 3px}}
.bk-stack-n {{display: none}}
.bk-empty {{display: inline-block; border: 2px solid #666; border-radius: 5px; background: #f4f4f4; color: {INK};
  padding: .9em .3em; font-size: .85em; font-weight: bold; vertical-align: middle}}
.bk-count {{position: absolute; left: 0; right: 4px; top: 30%; text-align: center; color: #fff; font-weight: bold;
  font-size: .95em; text-shadow: 0 0 3px #000}}
.bk-big {{font-size: 1.2em; font-weight: bold}}
.bk-claim {{font-size: 1.25em; font-weight: bold}}
.bk-secret {{color: #666}}
.bk-sheet {{display: inline-block; background: #fffdf5; border: 1px solid #bbb; border-radius: 3px;
  box-shadow: 2px 2px 0 #ddd; padding: 6px 10px; margin: 3px; min-width: 10em; max-width: 22em}}
.bk-sheet-no {{font-weight: bold; color: {_O['blue']}}}
.bk-sheet-note {{font-size: .8em; color: #555}}
.bk-scores {{border-collapse: collapse; margin: 4px 0}}
.bk-scores td, .bk-scores th {{border-bottom: 1px solid #ddd; padding: 2px 10px; text-align: left}}
.bk-refusal {{color: #a33a00; font-weight: bold}}
.jupyter-button.bk-note-btn {{width: 3.6em; height: 2.4em; border: 1.5px solid {INK}; border-radius: 5px;
  font-weight: bold; color: {INK}; padding: 0; margin: 2px}}
.jupyter-button.bk-note-btn.mod-active {{outline: 3px solid {INK}; transform: translateY(-6px);
  box-shadow: 0 6px 0 {_O['blue']}}}
.jupyter-button.bk-note-btn.mod-active::after, .jupyter-button.bk-note.mod-active::after {{content: "\\2713";
  margin-left: .15em}}
{''.join(f'.jupyter-button.bk-note-{v} {{background: {c}}}' for v, c in NOTE_COLOURS.items())}
.jupyter-button.bk-card-btn {{width: 2.8em; height: 4em; background: #fff; border: 1.5px solid {INK};
  border-radius: 6px; font-size: 1.15em; font-weight: bold; color: {INK}; padding: 0; margin: 2px}}
.jupyter-button.bk-card-btn.bk-red {{color: {RED_SUIT}}}
.jupyter-button.bk-card-btn.mod-active {{transform: translateY(-10px); outline: 3px solid {_O['orange']};
  box-shadow: 0 8px 0 {_O['orange']}}}
.jupyter-button.bk-sheet-btn {{background: #fffdf5; border: 1px solid #999; border-radius: 3px; height: auto;
  min-height: 2.4em; white-space: normal; text-align: left; box-shadow: 2px 2px 0 #ddd}}
.jupyter-button.bk-go {{background: {_O['blue']}; color: #fff; font-weight: bold}}
.jupyter-button.bk-stop {{background: {DEEP_VERMILLION}; color: #fff; font-weight: bold}}
.bk-panel .jupyter-button:disabled:not(.bk-note-btn):not(.bk-card-btn) {{background: #e0e0e0; color: #595959;
  border: 1.5px dashed #767676; opacity: 1; cursor: not-allowed; box-shadow: none}}
.jupyter-button.bk-quick {{background: #e6f1fa; border: 1px solid {_O['blue']}}}
.bk-panel .widget-toggle-buttons .widget-toggle-button.mod-active {{background: {_O['blue']}; color: #fff;
  font-weight: bold}}
</style>"""
