#!/usr/bin/env python3
"""Writes cards.json, the First Giants deck (rulings 2): per family 4 fossils
of size 1, 4 of size 2, 3 of size 3 and 1 egg; one effect per card built from
the rulebook's triggers/conditions and effects. Run from this folder."""
import json

FAMILIES = ["carnivore", "herbivore", "flyer", "swimmer", "mammal"]
FAM = {
    "en": ["carnivore", "herbivore", "flyer", "swimmer", "mammal"],
    "it": ["carnivoro", "erbivoro", "rettile volante", "rettile marino", "mammifero"],
    "ko": ["육식공룡", "초식공룡", "익룡", "해양 파충류", "거대 포유류"],
}
TRIGGER = {
    "once": {"en": "Once this turn: ", "it": "Una volta durante questo turno: ",
             "ko": "이번 턴에 한 번: "},
    "any_take": {"en": "Whenever any player takes a card: ",
                 "it": "Ogni volta che un qualsiasi giocatore prende una carta: ",
                 "ko": "어떤 플레이어든 카드를 가져올 때마다: "},
    "you_take_family": {"en": "Whenever you take a {f} card: ",
                        "it": "Ogni volta che prendi una carta {f}: ",
                        "ko": "당신이 {f} 카드를 가져올 때마다: "},
    "new_family": {"en": "Whenever you take a card of a family not in your studio: ",
                   "it": "Ogni volta che prendi una carta di una Famiglia assente dal tuo Studio: ",
                   "ko": "연구실에 없는 과의 카드를 가져올 때마다: "},
}
EFFECT = {
    "point": {"en": "gain 1 point", "it": "ottieni 1 punto", "ko": "승점 1점을 얻습니다"},
    "amber": {"en": "gain 1 amber", "it": "ottieni 1 ambra", "ko": "호박 1개를 얻습니다"},
    "exhibit": {"en": "you may exhibit 1 fossil", "it": "puoi esporre 1 fossile",
                "ko": "화석 1개를 전시할 수 있습니다"},
    "exhibit_free": {"en": "you may exhibit 1 fossil for free",
                     "it": "puoi esporre 1 fossile senza alcun costo",
                     "ko": "화석 1개를 무료로 전시할 수 있습니다"},
    "exhibit_two_different": {"en": "you may exhibit up to 2 fossils of different families",
                              "it": "puoi esporre fino a 2 fossili di Famiglie diverse",
                              "ko": "서로 다른 과의 화석을 최대 2개까지 전시할 수 있습니다"},
    "exhibit_two_same": {"en": "you may exhibit up to 2 fossils of the same family",
                         "it": "puoi esporre fino a 2 fossili della stessa Famiglia",
                         "ko": "같은 과의 화석을 최대 2개까지 전시할 수 있습니다"},
    "amber_for_points": {"en": "you may spend 3 amber for 2 points",
                         "it": "puoi spendere 3 ambre per ottenere 2 punti",
                         "ko": "호박 3개를 내고 승점 2점을 얻을 수 있습니다"},
    "exhibit_or_point": {"en": "you may exhibit 1 fossil or gain 1 point",
                         "it": "puoi esporre 1 fossile oppure ottenere 1 punto",
                         "ko": "화석 1개를 전시하거나 승점 1점을 얻을 수 있습니다"},
}
MULT = {
    "one": {"en": "", "it": "", "ko": ""},
    "per_family_card": {"en": ", once for each {f} card in your studio",
                        "it": ", una volta per ogni carta {f} nel tuo Studio",
                        "ko": " (연구실의 {f} 카드 1장마다)"},
    "per_different_family": {"en": ", once for each different family in your studio",
                             "it": ", una volta per ogni Famiglia diversa nel tuo Studio",
                             "ko": " (연구실에 있는 서로 다른 과 하나마다)"},
    "per_pair": {"en": ", once for each pair of cards in your studio",
                 "it": ", una volta per ogni coppia di carte nel tuo Studio",
                 "ko": " (연구실의 카드 2장마다)"},
}
OPP = {"en": "each opponent applies this: ", "it": "ogni avversario applica questo effetto: ",
       "ko": "각 상대가 이 효과를 적용합니다: "}


def card(fam, size, trigger, effect, mult="one", mult_family=None, trig_family=None,
         applies_to="you"):
    return dict(family=FAMILIES[fam], size=size, trigger=trigger,
                condition=None if trig_family is None else FAMILIES[trig_family],
                effect=effect, multiplier=mult,
                multiplier_family=None if mult_family is None else FAMILIES[mult_family],
                applies_to=applies_to)


def text(c, lang):
    fi = lambda name: FAM[lang][FAMILIES.index(name)]
    t = TRIGGER[c["trigger"]][lang]
    if c["condition"]:
        t = t.format(f=fi(c["condition"]))
    e = EFFECT[c["effect"]][lang]
    m = MULT[c["multiplier"]][lang]
    if c["multiplier_family"]:
        m = m.format(f=fi(c["multiplier_family"]))
    o = OPP[lang] if c["applies_to"] == "each_opponent" else ""
    return t + o + e + m + ("." if lang != "ko" else "")


# The same twelve effects for every family; the family-specific cards point
# at their own family; the size-3 "star" card differs per family.
STAR = [
    dict(trigger="any_take", effect="amber_for_points"),
    dict(trigger="any_take", effect="exhibit"),
    dict(trigger="once", effect="exhibit", applies_to="each_opponent"),
    dict(trigger="you_take_family", effect="point"),
    dict(trigger="new_family", effect="point"),
]
cards = []
for f in range(5):
    cards += [
        card(f, 1, "once", "amber", "per_pair"),
        card(f, 1, "once", "point"),
        card(f, 1, "you_take_family", "amber", trig_family=f),
        card(f, 1, "once", "exhibit_or_point"),
        card(f, 2, "once", "exhibit"),
        card(f, 2, "once", "amber", "per_different_family"),
        card(f, 2, "new_family", "amber"),
        card(f, 2, "once", "amber_for_points", "per_family_card", mult_family=f),
        card(f, 3, "once", "exhibit_free"),
        card(f, 3, "once", "exhibit_two_different"),
        card(f, 3, **STAR[f]) if STAR[f]["trigger"] != "you_take_family"
        else card(f, 3, STAR[f]["trigger"], STAR[f]["effect"], trig_family=f),
        card(f, 0, "once", "exhibit_two_same"),
    ]
for i, c in enumerate(cards):
    c["id"] = i
    c["recurring"] = c["trigger"] != "once"
    c["egg"] = c["size"] == 0
    if c["egg"]:
        c["size"] = None
    c["text"] = {lang: text(c, lang) for lang in ("en", "it", "ko")}
ordered = [{k: c[k] for k in ("id", "family", "size", "egg", "recurring", "trigger", "condition",
                              "effect", "multiplier", "multiplier_family", "applies_to", "text")}
           for c in cards]
with open("cards.json", "w", encoding="utf-8") as out:
    json.dump({"cards": ordered}, out, ensure_ascii=False, indent=1)
    out.write("\n")
