"""A small pictogram for each of the ten animal types, drawn from plain SVG shapes (no
emoji, no font, no image, so a browser without emoji fonts draws them too), and the words
an animal is shown by.

An icon is never shown alone: every place that draws one writes the animal's name beside
it (:func:`animal_words`), so the picture helps and the words carry the meaning. A male
told apart in the Baby Animals variant on the Fairground (``cow-m`` in the notation) reads
"cow ♂".

>>> animal_words("cow-m"), animal_words("goose")
('cow ♂', 'goose')
>>> icon_svg("pig", 24).startswith('<svg class="bk-animal"')
True
>>> sorted(ICONS) == sorted(ANIMALS)
True
"""

from __future__ import annotations

from html import escape

from bluffkit.auctions.rules import ANIMALS

__all__ = ["ICONS", "animal_words", "icon_group", "icon_svg", "type_of"]

_K = 'stroke="#000" stroke-width="1.2"'          # an outline, so a pale body still shows

#: Each animal's drawing in a 24 x 24 box centred on (0, 0) (drawn in a 26 x 26 one, for the
#: outlines), facing right: SVG elements.
ICONS: dict[str, str] = {
    # a rooster: round body, tall tail, red comb and wattle, yellow beak, two legs
    "rooster": ('<path d="M-9,2 C-11,-6 -8,-10 -5,-8 L-4,-2 Z" fill="#1A1A1A"/>'
                f'<ellipse cx="0" cy="2" rx="7" ry="6" fill="#F2E6D0" {_K}/>'
                f'<circle cx="6" cy="-5" r="3.6" fill="#F2E6D0" {_K}/>'
                '<path d="M3.5,-8.5 L4.5,-11.5 L6,-9 L7.5,-11.5 L8.5,-8" fill="#D55E00" stroke="#D55E00"/>'
                '<path d="M9.3,-5.5 L12,-4.5 L9.3,-3.5 Z" fill="#E69F00"/>'
                '<path d="M7.5,-2.5 q0.8,3 -0.8,3" fill="#D55E00"/>'
                '<path d="M-1,8 V11 M2,8 V11" stroke="#E69F00" stroke-width="1.6"/>'),
    # a goose: white body, long neck, orange bill and feet
    "goose": (f'<path d="M-11,3 Q-10,-3 -2,-1 L3,-1 Q5,-1 5,-4 L5,-9 Q5,-12 8,-12 Q10,-12 10,-9 '
              f'L8,-7 L8,-1 Q9,6 0,8 L-6,8 Q-11,7 -11,3 Z" fill="#FFFFFF" {_K}/>'
              '<path d="M10,-10 L12.5,-8.5 L10,-7.5 Z" fill="#E69F00"/>'
              '<circle cx="8" cy="-9.8" r="0.9" fill="#000"/>'
              '<path d="M-3,8 V11 M1,8 V11" stroke="#E69F00" stroke-width="1.6"/>'),
    # a cat sitting, seen from the front: pointed ears, whiskers, curled tail
    "cat": ('<path d="M7,9 Q13,8 11,2" fill="none" stroke="#444" stroke-width="2"/>'
            f'<ellipse cx="0" cy="5" rx="7" ry="6" fill="#8C8C8C" {_K}/>'
            f'<path d="M-6,-4 L-6,-12 L-2,-8 L2,-8 L6,-12 L6,-4 Q6,1 0,1 Q-6,1 -6,-4 Z" fill="#8C8C8C" {_K}/>'
            '<circle cx="-2.5" cy="-5" r="1" fill="#000"/><circle cx="2.5" cy="-5" r="1" fill="#000"/>'
            '<path d="M-1,-2.5 H1 L0,-1.5 Z" fill="#CC79A7"/>'
            '<path d="M-2,-2 L-9,-3 M-2,-1.5 L-9,0 M2,-2 L9,-3 M2,-1.5 L9,0" stroke="#000" stroke-width="0.6"/>'),
    # a dog: brown body, tail up, head with a floppy ear
    "dog": ('<path d="M-9,-1 Q-12,-6 -10,-9" fill="none" stroke="#7A5230" stroke-width="2"/>'
            f'<rect x="-10" y="-2" width="15" height="7" rx="3.5" fill="#B07A45" {_K}/>'
            '<path d="M-8,4 V11 M-5,4 V11 M1,4 V11 M4,4 V11" stroke="#7A5230" stroke-width="2"/>'
            f'<path d="M2,-3 L3,-9 Q6,-11 9,-8 L12,-6 Q12,-3 9,-3 Z" fill="#B07A45" {_K}/>'
            '<path d="M3.5,-9 Q1,-6 2.5,-2.5" fill="#5A3A1E" stroke="#5A3A1E"/>'
            '<circle cx="7" cy="-7.5" r="0.9" fill="#000"/><circle cx="12" cy="-6" r="1" fill="#000"/>'),
    # a sheep: a woolly cloud of a body, a dark face and legs
    "sheep": ('<path d="M-6,5 V11 M-2,5 V11 M2,5 V11 M5,5 V11" stroke="#1A1A1A" stroke-width="1.8"/>'
              f'<g fill="#FFFFFF" {_K}><circle cx="-6" cy="1" r="4.5"/><circle cx="-1" cy="-2" r="5"/>'
              '<circle cx="4" cy="1" r="4.5"/><circle cx="-2" cy="3" r="5"/><circle cx="2" cy="3" r="4.5"/></g>'
              '<ellipse cx="-2" cy="1" rx="6" ry="3.5" fill="#FFFFFF"/>'
              '<ellipse cx="8.5" cy="-3" rx="3" ry="4" fill="#1A1A1A" transform="rotate(-25 8.5 -3)"/>'
              '<path d="M6.5,-6 L4,-6.5" stroke="#1A1A1A" stroke-width="1.8"/>'),
    # a goat: lean body, back-curved horns, beard, short tail up
    "goat": (f'<rect x="-10" y="-2" width="14" height="7" rx="3" fill="#E8DDC8" {_K}/>'
             '<path d="M-8,4 V11 M-5,4 V11 M0,4 V11 M3,4 V11" stroke="#5A4A3A" stroke-width="1.8"/>'
             '<path d="M-10,-1 L-12,-5" stroke="#5A4A3A" stroke-width="1.8"/>'
             f'<path d="M2,-2 L5,-8 Q7,-9 9,-8 L12,-3 Q11,-1 9,-2 Z" fill="#E8DDC8" {_K}/>'
             '<path d="M5.5,-8 Q3,-12 0,-11" fill="none" stroke="#5A4A3A" stroke-width="1.8"/>'
             '<path d="M10,-2 L9.5,2 L8.5,-1.5" fill="#5A4A3A" stroke="#5A4A3A" stroke-width="0.8"/>'
             '<circle cx="8" cy="-6" r="0.9" fill="#000"/>'),
    # a donkey: grey body, long upright ears, pale muzzle
    "donkey": (f'<rect x="-10" y="-2" width="14" height="8" rx="4" fill="#9A9A9A" {_K}/>'
               '<path d="M-8,5 V11 M-5,5 V11 M0,5 V11 M3,5 V11" stroke="#555" stroke-width="2"/>'
               '<path d="M-10,0 Q-12,3 -11,7" fill="none" stroke="#555" stroke-width="1.5"/>'
               f'<path d="M1,-1 L5,-7 L12,-3 L11,0 L6,-2 Z" fill="#9A9A9A" {_K}/>'
               f'<ellipse cx="4" cy="-9.5" rx="1.3" ry="3.2" fill="#9A9A9A" {_K} transform="rotate(-15 4 -9.5)"/>'
               f'<ellipse cx="7" cy="-9.5" rx="1.3" ry="3.2" fill="#9A9A9A" {_K} transform="rotate(15 7 -9.5)"/>'
               '<ellipse cx="11.2" cy="-1.8" rx="1.8" ry="1.4" fill="#E0E0E0"/>'
               '<circle cx="6.5" cy="-4.5" r="0.9" fill="#000"/>'),
    # a pig: round pink body, snout, ear, curly tail
    "pig": ('<path d="M-10,0 q-3,-2 -1,-4 q2,1 -1,3" fill="none" stroke="#B3577F" stroke-width="1.3"/>'
            f'<ellipse cx="-1" cy="1" rx="9.5" ry="7" fill="#F4B6C8" {_K}/>'
            '<path d="M-6,7 V11 M-2,7 V11 M2,7 V11 M5,7 V11" stroke="#B3577F" stroke-width="2"/>'
            f'<ellipse cx="9.5" cy="0" rx="2.3" ry="3" fill="#F4B6C8" {_K}/>'
            '<circle cx="9.3" cy="-1" r="0.6" fill="#000"/><circle cx="9.3" cy="1" r="0.6" fill="#000"/>'
            f'<path d="M3,-5 L5,-10 L7,-4 Z" fill="#F4B6C8" {_K}/>'
            '<circle cx="6" cy="-2" r="0.9" fill="#000"/>'),
    # a cow: white with black patches, horns, pink muzzle
    "cow": (f'<rect x="-11" y="-4" width="16" height="9" rx="2" fill="#FFFFFF" {_K}/>'
            '<path d="M-8,-4 Q-9,0 -5,1 Q-3,-2 -4,-4 Z M0,0 Q1,4 4,3 L4,-1 Z" fill="#1A1A1A"/>'
            '<path d="M-9,4 V11 M-6,4 V11 M1,4 V11 M4,4 V11" stroke="#1A1A1A" stroke-width="2"/>'
            f'<rect x="4" y="-8" width="6" height="8" rx="2.5" fill="#FFFFFF" {_K}/>'
            '<ellipse cx="9.5" cy="-1.5" rx="2.5" ry="2" fill="#F4B6C8" stroke="#000" stroke-width="0.8"/>'
            '<path d="M5,-8 L4,-11 M9,-8 L10,-11" stroke="#8C6D3F" stroke-width="1.6"/>'
            '<circle cx="8" cy="-5" r="0.9" fill="#000"/>'),
    # a horse: brown body, long head, dark mane and tail
    "horse": ('<path d="M-10,-2 Q-13,3 -11,9" fill="none" stroke="#3A2410" stroke-width="2.4"/>'
              f'<rect x="-10" y="-3" width="15" height="8" rx="4" fill="#8B5A2B" {_K}/>'
              '<path d="M-8,4 V11 M-5,4 V11 M1,4 V11 M4,4 V11" stroke="#3A2410" stroke-width="2"/>'
              f'<path d="M1,-1 L4,-10 L7,-11 L12,-4 L10,-2 L7,-5 L5,1 Z" fill="#8B5A2B" {_K}/>'
              '<path d="M4,-10 Q1,-6 1,-1" fill="none" stroke="#3A2410" stroke-width="2.4"/>'
              '<circle cx="7.5" cy="-7.5" r="0.9" fill="#000"/>'),
}


def type_of(name: str) -> str:
    """The type of an animal's name: ``cow-m`` (a male told apart) is a ``cow``.

    >>> type_of("cow-m"), type_of("horse")
    ('cow', 'horse')
    """
    base = name[:-2] if name.endswith("-m") else name
    if base not in ICONS:
        raise ValueError(f"{name!r} is not an animal ({', '.join(ANIMALS)})")
    return base


def animal_words(name: str) -> str:
    """The words an animal is shown by: its type, with ♂ for a male told apart."""
    base = type_of(name)
    return base + (" ♂" if name.endswith("-m") else "")


def icon_group(name: str, x: float, y: float, size: float = 24) -> str:
    """An animal's icon as an SVG group centred at (x, y), ``size`` units wide, with the
    animal's name as its tooltip."""
    body = ICONS[type_of(name)]
    return (f'<g class="bk-animal-icon" data-animal="{escape(type_of(name))}" '
            f'transform="translate({x:.1f},{y:.1f}) scale({size / 26:.3f})">'
            f'<title>{escape(animal_words(name))}</title>{body}</g>')


def icon_svg(name: str, size: int = 24) -> str:
    """An animal's icon as a small inline SVG element for HTML (``size`` px square)."""
    return (f'<svg class="bk-animal" xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
            f'viewBox="-13 -13 26 26" role="img" aria-label="{escape(animal_words(name))}" '
            f'style="vertical-align: middle">{ICONS[type_of(name)]}</svg>')
