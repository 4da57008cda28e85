"""Title-block label vocabulary and the matching of a line's first words against it.

Apart from :mod:`pdftract.analyzers.title_block` so the table finder can tell a title block's label cells
from a table's cells without importing the title-block analyzer (which reads the tables).

>>> match_texts(["part", "nr.:", "1021"]), match_texts(["rev.nr.:"]), match_texts(["No."])
(('part_number', 2, ''), ('revision', 1, ''), None)
>>> match_texts(["Date", "ofissue", "2026-05-05"])
('date', 2, '')
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from pdftract.analyzers.notation import _LOOKALIKES
from pdftract.model.primitives import REPLACEMENT_CHARACTER

#: canonical keys in output order, with the labels that name them (normalised: upper case, no trailing . or :), in
#: English and German, and the common forms of Spanish, French, Italian, Portuguese, Russian (ESKD), Hungarian,
#: Vietnamese, Chinese (GB/T 10609.1), Japanese (JIS), Romanian (STAS), Polish and Czech blocks
LABELS: dict[str, tuple[str, ...]] = {
    "drawing_number": ("DWG NO", "DWG", "DRG NO", "DRAWING NO", "DRAWING NUMBER", "DRAWING NR", "IDENTIFICATION NUMBER", "ZEICHNUNGSNUMMER",
                       "ZEICHNUNGS-NR", "ZEICHNUNGSNR", "ZEICHN-NR", "FILE NO", "DOCUMENT NO", "DOCUMENT NUMBER", "DOC NO", "NUMBER",
                       "DRAWING ID", "DRAWING",
                       # Spanish, French, Italian, Portuguese, German forms
                       "DIBUJO NO", "PLANO NO", "NÚMERO DE PLANO", "NUMERO DE PLANO", "NUMÉRO DE PLAN", "PLAN NO", "DISEGNO NO",
                       "NUMERO DI DISEGNO", "N DISEGNO", "NO DISEGNO", "NUMERO DISEGNO", "DESENHO NO", "DES NO", "ZEICHNUNG NO",
                       "ZCHN NO", "ZCHNG NO",
                       # Hungarian, Vietnamese
                       "RAJZSZÁM", "SỐ BẢN VẼ",
                       # Chinese (GB/T 10609.1), Polish
                       "图号", "图样代号", "NR RYSUNKU", "NUMER RYSUNKU", "NR RYS",
                       # Japanese (JIS); Romanian
                       "図番", "図面番号", "NR DESEN", "NUMAR DESEN",
                       # Czech (a construction set numbers its drawings as the documentation's appendices)
                       "ČÍSLO VÝKRESU", "Č VÝKRESU", "ČÍSLO PŘÍLOHY", "Č PŘÍLOHY"),
    "title": ("TITLE", "DRAWING TITLE", "PAGE TITLE", "SHEET TITLE", "DESIGN TITLE", "BENENNUNG", "BEZEICHNUNG", "DESCRIPTION", "PART NAME", "TITEL", "TÍTULO", "TITULO", "DENOMINACIÓN",
              "DENOMINACION", "NOMBRE DEL PLANO", "NOMBRE DE LA PIEZA", "NOMBRE DEL DISEÑO", "TITRE", "DÉSIGNATION", "TITOLO",
              # Italian: the drawing's subject; Spanish: the part (its name; alone only, see _ALONE_ONLY)
              "OGGETTO", "PARTE",
              "DENOMINAZIONE", "DENOMINAÇÃO",
              # Hungarian, Vietnamese
              "MEGNEVEZÉS", "TÊN GỌI", "TÊN BẢN VẼ",
              # Chinese ("标题": a title), Polish
              "图名", "图样名称", "名称", "标题", "NAZWA",
              # Chinese EDA blocks: the schematic's name
              "原理图",
              # Japanese; Romanian
              "品名", "図名", "TITLU", "DENUMIRE",
              # Czech: name, drawing name, the appendix a construction set's drawing is
              "NÁZEV", "NÁZEV VÝKRESU", "PŘÍLOHA"),
    "revision": ("REV", "REVISION", "INDEX", "ÄNDERUNGSINDEX", "AUSGABE", "REV LEVEL", "SHEET REV", "REVISIÓN", "RÉVISION",
                 "REVISIONE", "REVISÃO",
                 # BS 8888 and Australian blocks: the issue letter
                 "ISSUE", "ISSUE NO", "VERSION",
                 # Japanese; Chinese "版本" (version) only with its colon (see _COLON_ONLY)
                 "改訂", "版本"),
    "sheet": ("SHEET", "SH", "BLATT", "SEITE", "ARKUSZ", "PG NO", "PAGE", "SHEET NO", "FOLIO", "ID", "HOJA", "FEUILLE", "FOGLIO", "FOLHA",
              # Italian: an architectural set's plate ("TAVOLA NO.: 1 DI 3"; bare "Tavola" only with its colon, see
              # _COLON_ONLY)
              "TAVOLA",
              "ЛИСТ",
              # Hungarian, Vietnamese; Romanian
              "LAP", "TỜ", "PLANSA", "PLANȘA",
              # Chinese: "页 1 共 3" (page 1 of 3 in all); "页码 1/1" (page number)
              "页", "页码"),  # KiCad: "Id: 2/5" (only in that form)
    "sheet_count": ("OF SHEETS", "SHEETS", "NO OF SHEETS",
                    # an architectural title strip's count of the set
                    "SHEET COUNT", "TOTAL SHEETS", "TOTAL SHEET COUNT", "BLATTANZAHL", "ANZ BLATT", "HOJAS", "FOGLI", "ЛИСТОВ",
                    # Hungarian, Vietnamese
                    "LAPOK", "LAPSZÁM", "SỐ TỜ",
                    # Chinese ("共 3": 3 in all, after the page's "页 1")
                    "共"),
    "scale": ("SCALE", "MASSSTAB", "MAẞSTAB", "MAßSTAB", "ECHELLE", "ÉCHELLE", "ESCALA", "SCALA", "МАСШТАБ", "SKALA",
              "SCHAAL", "MĚŘÍTKO",
              # Hungarian, Vietnamese
              "MÉRETARÁNY", "TỈ LỆ", "TỶ LỆ",
              # Chinese, Polish
              "比例", "PODZIAŁKA",
              # Japanese; Romanian
              "尺度", "SCARA", "SCARĂ"),
    "size": ("SIZE", "FORMAT", "SHEET SIZE", "BLATTGRÖSSE", "FORMATO", "ФОРМАТ", "TAMAÑO", "FORMÁT",
             # Hungarian, Vietnamese
             "MÉRET", "KHỔ",
             # Chinese: size, sheet format, the frame's format
             "尺寸", "图幅", "图框"),
    "date": ("DATE", "DATUM", "DATE OF ISSUE", "DATE ISSUED", "ISSUE DATE", "MODIFIED", "LAST MODIFIED", "DESIGN LAST MODIFIED", "AUSGABEDATUM", "FECHA",
             "ДАТА",
             # Hungarian, Vietnamese
             "DÁTUM", "NGÀY",
             # Chinese; Italian, Portuguese, Polish, Romanian
             "日期", "DATA", "更新日期", "创建日期",
             # Japanese; Romanian
             "日付", "作成日", "DATA EDITIEI", "DATA EDIȚIEI"),
    "drawn_by": ("CREATED",  # ISO 7200's "Created by", printed without its "by" too
                 "DRAWN", "DRAWN BY", "DWN", "CREATED BY", "GEZEICHNET", "GEZ", "BEARBEITET", "BEARB", "AUTHOR", "DESIGNED BY", "DRAWN BY:",
                 "MADE BY", "PREPARED BY", "DIBUJADO", "DIBUJADO POR", "DIBUJÓ", "DISEÑADO",
                 "DISEÑADO POR", "ELABORADO", "ELABORADO POR", "DESSINÉ", "DESSINÉ PAR", "DISEGNATO", "DISEGNATO DA", "PROGETTATO", "PROGETTATO DA", "DESENHADO", "РАЗРАБ",
                 # Hungarian, Vietnamese
                 "TERVEZŐ", "RAJZOLTA", "KÉSZÍTETTE",
                 # Chinese, Polish
                 "设计", "制图", "绘图", "绘制", "KONSTRUOWAŁ", "KONSTRUOWALI", "RYSOWAŁ", "OPRACOWAŁ",
                 # Japanese; Romanian
                 "作成者", "作成", "製図", "設計", "PROIECTAT", "DESENAT",
                 # Czech
                 "VYPRACOVAL", "KRESLIL", "NAKRESLIL"),
    "checked_by": ("CHECKED", "CHECKED BY", "CHK", "GEPRÜFT", "GEPR", "GEPRUEFT", "REVISADO", "REVISADO POR", "COMPROBADO",
                   "VERIFICADO", "VÉRIFIÉ", "CONTROLLATO", "CONTROLLATO DA", "ПРОВ",
                   # Hungarian, Vietnamese
                   "ELLENŐRIZTE", "KIỂM TRA",
                   # Chinese, Polish
                   "审核", "校核", "审阅", "审查", "SPRAWDZIŁ", "SPRAWDZIŁA",
                   # Japanese; Romanian
                   "確認者", "確認", "検図", "VERIFICAT",
                   # Czech
                   "KONTROLOVAL", "TECH KONTROLA", "PŘEZKOUŠEL"),
    "approved_by": ("APPROVED", "APPROVED BY", "APPD", "APPR", "ENG APPR", "FREIGEGEBEN", "FREIGABE", "APROBADO",
                    "APROBADO POR", "APPROUVÉ", "APPROVATO", "APPROVATO DA", "APROVADO", "УТВ",
                    # Hungarian, Vietnamese
                    "JÓVÁHAGYTA", "DUYỆT",
                    # Chinese, Polish
                    "批准", "审定", "核准", "ZATWIERDZIŁ",
                    # Japanese; Romanian
                    "承認者", "承認", "APROBAT",
                    # Czech
                    "SCHVÁLIL"),
    "material": ("MATERIAL", "MATL", "WERKSTOFF", "MAT", "MATERIALE", "MATIÈRE", "MATÉRIAU", "МАТЕРИАЛ",
                 # Hungarian, Vietnamese
                 "ANYAG", "VẬT LIỆU",
                 # Chinese (simplified and traditional), Polish
                 "材料", "材质", "MATERIAŁ",
                 # Japanese
                 "材質",
                 # Czech
                 "MATERIÁL"),
    "finish": ("FINISH", "OBERFLÄCHE", "SURFACE TREATMENT", "SURFACE FINISH",
               # Spanish: treatment, surface treatment, finish
               "TRATAMIENTO", "TRATAMIENTO SUPERFICIAL", "ACABADO", "ACABADO GENERAL", "ACABADO SUPERFICIAL",
               # Chinese: surface treatment; the colour an anodised or painted part is ordered in
               "表面处理", "颜色"),
    "weight": ("WEIGHT", "MASS", "GEWICHT", "MASSE", "PESO", "POIDS", "МАССА", "MASA",
               # Hungarian, Vietnamese
               "TÖMEG", "KHỐI LƯỢNG",
               # Chinese
               "重量", "质量",
               # Czech
               "HMOTNOST"),
    "part_number": ("PART NO", "PART NUMBER", "P/N", "ARTIKELNUMMER", "ITEM NO", "PRODUCT NUMBER", "PRODUCT NO",
                    # Japanese (JIS): model number; Chinese: the product's number
                    "型番", "品号"),
    "company": ("COMPANY", "LEGAL OWNER", "FIRMA", "OWNER", "EMPRESA", "INSTITUCIÓN", "INSTITUCION", "SOCIÉTÉ",
                "ENTREPRISE", "AZIENDA"),
    "projection": ("PROJECTION", "PROJEKTION",
                   # Hungarian, Vietnamese
                   "VET MÓD", "VETÍTÉSI MÓD",
                   # Japanese; Chinese (the angle of view)
                   "投影法", "视角"),
    "units": ("UNIT", "UNITS", "EINHEIT", "UNIDADES", "UNIDAD", "UNITÉ", "UNITÀ", "UNIDADE",
              # Japanese, Chinese
              "単位", "单位"),
    "general_tolerance": ("UNLESS OTHERWISE SPECIFIED", "GENERAL TOLERANCE REFERENCE", "GENERAL TOLERANCE", "GENERAL TOLERANCES", "GEN TOL",
                          "ALLGEMEINTOLERANZ", "TOLERANCES", "TOLERANCE", "ALLG-TOLERANZ", "TOLERANCIAS GENERALES",
                          "TOLERANCIA GENERAL", "TOLERANCIAS", "TOLÉRANCES GÉNÉRALES", "TOLLERANZE GENERALI",
                          # Spanish: tolerance according to (the standard named under it)
                          "TOLERANCIA SEGÚN", "TOLERANCIA SEGUN", "TOLERANCIAS SEGÚN", "TOLERANCIAS SEGUN"),
}
#: a person's name column of an approvals grid (English, Spanish, Italian, French, Japanese, Romanian); over a value
#: printed larger than the labels, the part's name (the title analyzer's rule)
NAME_LABELS = ("NAME", "NOMBRE", "NOME", "NOM", "名前", "NUME")
#: labels that are title-block labels but have no canonical key: kept under ``other``
OTHER_LABELS = ("DOCUMENT TYPE", "DESIGN CREATED", "DOCUMENT STATUS", "LANG", "CAGE CODE", "FSCM NO", "NORM", "TIME", "FILE",
                "FILE NAME", "PROJECT", "JOB", "JOB NO", "PROJECT NO", "NOME FILE",
                # EasyEDA: the names of the schematic and board documents the sheet belongs to
                "SCHEMATIC", "BOARD", "CREATE AT", "UPDATE AT",
                # Italian: a school's course and teacher
                "CORSO", "DOCENTE",
                # Altium Draftsman: the managed item the drawing documents, and that item's revision (not the sheet's)
                "DESIGN ITEM", "DESIGN ITEM REVISION",
                "PROJETO", "PROYECTO", "PROJET", "PROGETTO", "PROJEKT",
                # Spanish: the raw material a part is made from (its stock's maker and number), not the material's name
                "MAT PRIMA", "MATERIA PRIMA",
                "SUPPLEMENTARY TITLE", "REVISION ORIGINOR", "CLASSIFICATION", "TREATMENT", "STANDARD", "MFG APPR", "QA",
                "ISSUED", "COMMENTS", *NAME_LABELS, "SEMNATURA", "SIGN", "SIGNATURE", "APPROVALS", "NEXT ASSY", "USED ON", "APPLICATION", "DO NOT SCALE DRAWING",
                "NÃO MUDAR ESCALA DO DESENHO",  # the same note on SOLIDWORKS' Brazilian template
                # ISO 7200's responsible department and technical reference
                "DEPT", "RESPONSIBLE DEP", "RESPONSIBLE DEPT", "RESPONSIBLE DEPARTMENT", "TECHNICAL REFERENCE",
                # Hungarian and Vietnamese
                "FÁJLNÉV", "GYÁRTMÁNY", "SỐ LƯỢNG", "CHỨC NĂNG", "HỌ VÀ TÊN", "CHỮ KÝ",
                # Chinese (GB/T 10609.1): standardisation, process, stage mark, change mark, count, zone, change
                # document number, signature, supersedes
                "标准化", "工艺", "阶段标记", "标记", "处数", "分区", "更改文件号", "签名", "替代",
                # Polish: faculty, remarks
                "WYDZIAŁ", "UWAGI",
                # Czech: signature, stamp, stage, job number; a construction set's project, building object and part
                "PODPIS", "RAZÍTKO", "STUPEŇ", "ČÍSLO ZAKÁZKY", "AKCE", "OBJEKT", "ČÁST")
#: words that say "number" after a label's first word (``PART NR``, ``SHEET NUMBER``, ``REV NO``): one form for all
_NUMBER_WORDS = frozenset({"NO", "NR", "NUMBER", "NUM", "NUMMER", "Nº", "NO°", "N°", "N", "№", "#"})  # N: "PLAN N°" whose ° is drawn


def _number_form(tokens: Sequence[str]) -> tuple[str, ...]:
    """Label tokens with every number word after the first token written ``NO``."""
    return tuple(tokens[:1]) + tuple("NO" if t in _NUMBER_WORDS else t for t in tokens[1:])


def _unaccented(phrase: str) -> str:
    """A label with its Latin-1 accents left off, as templates set capitals ("MATIERE", "DESIGNATION").

    >>> _unaccented("MATIÈRE"), _unaccented("TÊN GỌI")
    ('MATIERE', 'TEN GỌI')
    """
    return "".join(unicodedata.normalize("NFD", ch)[0] if "\u00c0" <= ch <= "\u00ff" and ch not in "ßÆØÐÞ" else ch for ch in phrase)


_PHRASES: list[tuple[tuple[str, ...], str]] = sorted(
    # (letters of other scripts drawn as a Latin one is folded, here and in the text matched: a label read with Latin
    # twins for some of its letters, ``Macca`` for ``Масса`` in drawn text read as shapes, is still found)
    {(_number_form(form.translate(_LOOKALIKES).split()), key): None
     for key, ps in list(LABELS.items()) + [("other", OTHER_LABELS)] for p in ps for form in dict.fromkeys((p, _unaccented(p)))}.keys(),
    key=lambda t: -len(t[0]),
)
_PHRASES += [((phrase[0], "NO"), key) for phrase, key in list(_PHRASES)
             if len(phrase) == 1 and key in ("revision", "sheet") and phrase[0] != "ID" and ((phrase[0], "NO"), key) not in _PHRASES]
_PHRASES.sort(key=lambda t: -len(t[0]))  # the generic "<label> NO" (``REV NR`` is the revision as ``REV`` is), longest first
#: the phrases by their first token, each list in the order of :data:`_PHRASES` (longest first): a line's first
#: words are compared with the phrases that can match them only (see :func:`reindex`)
_BY_FIRST: dict[str, list[tuple[tuple[str, ...], str]]] = {}


def reindex() -> None:
    """Build the first-token index of :data:`_PHRASES` again, after the list was edited in place (the
    leave-one-template-out benchmark takes a family's labels out and puts them back)."""
    _BY_FIRST.clear()
    for phrase, key in _PHRASES:
        _BY_FIRST.setdefault(phrase[0], []).append((phrase, key))


reindex()
#: labels that are common words too: labels only when a colon ends them ("Drawing: Plan and Profile")
#: (Chinese "版本", the version: on a GB/T block drawn as shapes, without a colon, its empty cell took a number from
#: the cell below; Italian "Tavola", a sheet and a plate: "Tavola Mozzo" is a part's name)
_COLON_ONLY = frozenset({("DRAWING",), ("版本",), ("TAVOLA",)})
#: labels that start common phrases too: labels only alone on their line or with a colon (Spanish "Parte", the part's
#: name over its cell, not "Parte del ensamble: MET-PME-01", the assembly's number)
_ALONE_ONLY = frozenset({("PARTE",)})
#: the labels of several words written without their spaces, with their key and their number of words
_JOINED: dict[str, tuple[str, int]] = {}
for _phrase, _key in reversed(_PHRASES):  # shortest first: a longer phrase spelling the same letters wins
    if len(_phrase) > 1:
        _JOINED["".join(_phrase)] = (_key, len(_phrase))
#: a word of letters run into a number ("SHEET1"), and the one-word sheet labels that may be run into theirs
_GLUED = re.compile(r"^([^\W\d_]{3,})(\d[\d/]*)$")
_SHEET_WORDS = frozenset(phrase for phrase, key in _PHRASES if len(phrase) == 1 and key == "sheet")  # (DWG1234 is a number)
#: two abbreviations written together ("rev.nr.:", "DWG.NO."): read as two tokens
_DOTTED = re.compile(r"^((?:[^\W\d_]|\uFFFD){1,12}\.)((?:[^\W\d_]|\uFFFD){1,12}\.?:?)$")  # (U+FFFD: a letter left unread)


def _norm_token(t: str) -> str:
    t = unicodedata.normalize("NFC", t).upper().translate(_LOOKALIKES)  # (look-alikes folded: see _PHRASES)
    return re.sub(r"[.:]+$", "", t).replace(".", "") if t not in (".",) else t


def match_texts(texts: Sequence[str]) -> tuple[str, int, str] | None:
    """The label the first words of a text line spell: ``(key, words taken, rest of the first word)``, ``None``
    when they spell none. A label in the plural (``Materials:``) is its singular when only that is known. A CJK
    label letter-spaced over its cell, one character a word (``材 料``, ``比 例 1:1``), is its characters joined.

    >>> match_texts(["比", "例", "1:1"]), match_texts(["材", "料"]), match_texts(["页", "码", "1/1"])
    (('scale', 2, ''), ('material', 2, ''), ('sheet', 2, ''))
    """
    spaced = _letter_spaced(texts)
    if spaced is not None:
        return spaced
    hit = _match_texts(texts)
    if hit is None:
        singular = [re.sub(r"(?i)(?<=[^\WsS\d_]{3})s(\.?:?)$", r"\1", t) for t in texts[:5]]
        if singular != list(texts[:5]):
            hit = _match_texts(singular)
    if hit is None and texts and (m := _TWO_LANGUAGES.match(texts[0])):
        # a label printed in two languages ("品名/Title", "型番/Product number" on a Japanese block): both halves
        # name the same field
        first, second = _match_texts([m.group(1)]), _match_texts([m.group(2), *texts[1:5]])
        if first is not None and second is not None and first[0] == second[0] and first[1] == 1 and not first[2] \
                and not second[2]:
            hit = (first[0], second[1], "")
    return hit


#: the CJK characters labels are written in (kana, Han, Hangul), as a regular-expression class
CJK_CLASS = "[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]"
#: a single CJK character, with the colon that may close a label
_CJK_CHAR = re.compile(rf"^{CJK_CLASS}[:\uff1a]?$")


def _letter_spaced(texts: Sequence[str]) -> tuple[str, int, str] | None:
    """The label of a line that starts with two or more single CJK characters, each its own word (a GB/T or JIS
    block spreads its labels over their cells: ``设 计``, ``比 例``): the longest run of them that, joined, is a
    label (words taken counted in the line's words); ``None`` when the line does not start so or no run is one."""
    n = 0
    while n < min(len(texts), 6) and _CJK_CHAR.match(texts[n]):
        n += 1
        if texts[n - 1][-1] in ":\uff1a":
            break  # the colon closes the label
    for k in range(n, 1, -1):
        hit = _match_texts(["".join(texts[:k]), *texts[k:5]])
        if hit is not None:
            return hit[0], hit[1] + k - 1, hit[2]  # (the joined characters are one word of the hit, k of the line)
    return None


#: a word of two labels joined by a slash, each half starting with a letter ("品名/Title"; not "P/N", whose halves
#: are single letters)
_TWO_LANGUAGES = re.compile(r"^([^\W\d_][^\W_]+\.?)/([^\W\d_][^\W_]+\.?)$")


#: a word of CJK characters only (Han, kana, Hangul), three or more
_CJK_WORD = re.compile(rf"^{CJK_CLASS}{{3,}}$")


def _match_texts(texts: Sequence[str]) -> tuple[str, int, str] | None:
    # (a CJK block's full-width colon, "日期：", ends a label as ":" does)
    texts = [t.replace("\uff1a", ":") for t in texts[:5]]
    tokens: list[str] = []
    owner: list[int] = []  # the word each token comes from (``rev.nr.:`` is two tokens of one word)
    split_rest = ""
    for i, text in enumerate(texts[:5]):
        if ":" in text[:-1] and not re.match(r"^\d", text):  # "Sheet:1", "Title:FMU" -> label and value
            head, _, tail = text.partition(":")
            tokens.append(_norm_token(head))
            owner.append(i)
            if i == 0:
                split_rest = tail
            break
        if i == 0 and (m := _GLUED.match(text)) and (_norm_token(m.group(1)),) in _SHEET_WORDS:
            # a one-word label run into its number ("SHEET1 OF 3": drawn text whose word gap was lost)
            tokens.append(_norm_token(m.group(1)))
            owner.append(i)
            split_rest = m.group(2)
            break
        if m := _DOTTED.match(text):  # abbreviations written together: "rev.nr.:", "DWG.NO."
            tokens.extend(_norm_token(part) for part in m.groups())
            owner.extend((i, i))
            continue
        tokens.append(_norm_token(text))
        owner.append(i)
    if len(tokens) >= 2 and (tokens[0] in ("Nº", "N°", "NO°", "№") or texts[0] == "N.") and owner[1] != owner[0] \
            and _NUMBERED.get(tokens[1]) is not None:
        # the number sign first, as Spanish, French and Italian write it ("Nº Revisión", "N. disegno"): the label's
        # "<word> NO", when the word names that field alone too (so "Nº Plano" names nothing here: a plan's number may
        # be a drawing's or a part's); not an English "No." first: "No. of sheets" counts, "No. | Item" heads two columns
        tokens = [tokens[1], tokens[0], *tokens[2:]]
    tokens = list(_number_form(tokens))
    # a label of several words whose word break was lost (text read back from shapes: ``Date ofissue``): its
    # words run together in fewer tokens; it wins over a shorter label spelt out (``Date``)
    run: tuple[str, int, int] | None = None  # key, words of the label, tokens it takes
    for k in range(1, min(3, len(tokens)) + 1) if not split_rest else ():
        hit = _JOINED.get("".join(tokens[:k]))
        if hit is not None and hit[1] > k and (k == len(tokens) or owner[k] != owner[k - 1]):
            run = (hit[0], hit[1], k)
    for phrase, key in _BY_FIRST.get(tokens[0], ()) if tokens else ():
        n = len(phrase)
        if tuple(tokens[:n]) == phrase and (n == len(tokens) or owner[n] != owner[n - 1]):
            if split_rest and n != 1:
                continue
            if phrase in _COLON_ONLY and not split_rest and not texts[owner[n - 1]].endswith(":"):
                continue  # "DRAWING IS THE PROPERTY OF ...": a word of a sentence, no label
            if phrase in _ALONE_ONLY and n < len(tokens) and not texts[owner[n - 1]].endswith(":"):
                continue
            if run is not None and run[1] > n:
                break
            if key != "date" and _date_word_after(tokens, owner, n):
                return "date", owner[n] + 1, ""  # "Rev. Date", "Issue date": the date of something is a date
            return key, owner[n - 1] + 1, split_rest if n == 1 else ""
    if not split_rest and texts and texts[0].endswith(".") and _date_word_after(tokens, owner, 1):
        return "date", owner[1] + 1, ""  # an abbreviation before a date word ("Rel. Date:"): a date
    if run is not None:
        return run[0], owner[run[2] - 1] + 1, ""
    if not split_rest and tokens and texts[0].endswith(":") and _CJK_WORD.match(tokens[0]):
        # a CJK label run into the characters that qualify it, one colon closing the whole ("品名叙述：", the
        # product's name and description): the longest known label of two characters or more it starts with
        for k in range(len(tokens[0]) - 1, 1, -1):
            hit1 = next((key for phrase, key in _BY_FIRST.get(tokens[0][:k], ()) if len(phrase) == 1), None)
            if hit1 is not None:
                return hit1, 1, ""
    # a label one of whose characters could not be read (drawn text, U+FFFD): the labels it can only be, when
    # they name one field and at least four of its characters were read (``DRAWING N�.``)
    if split_rest or REPLACEMENT_CHARACTER not in "".join(tokens):
        return None
    hits = [(phrase, key) for phrase, key in _PHRASES if _unread_match(tokens[:len(phrase)], phrase)]
    if hits and len({key for _p, key in hits}) == 1:
        return hits[0][1], owner[len(hits[0][0]) - 1] + 1, ""  # (words taken: a word may hold two tokens)
    return None


#: single-word labels whose "<word> NO" names the same field (REVISIÓN and REVISIÓN NO, FOLIO and FOLIO NO)
_NUMBERED: dict[str, str] = {p[0]: k for p, k in _PHRASES if len(p) == 1 and ((p[0], "NO"), k) in _PHRASES and k != "other"}

#: the single words that say "date"
_DATE_WORDS = frozenset(_norm_token(p) for p in LABELS["date"] if " " not in p)


def _date_word_after(tokens: Sequence[str], owner: Sequence[int], n: int) -> bool:
    """Whether the word after the first ``n`` tokens is a date word ending the label (its own word).

    >>> _date_word_after(["REV", "DATE"], [0, 1], 1), _date_word_after(["REV", "DATE", "X"], [0, 1, 1], 1)
    (True, False)
    >>> _date_word_after(["REV", "A"], [0, 1], 1)
    False
    """
    return n < len(tokens) and tokens[n] in _DATE_WORDS and owner[n] != owner[n - 1] \
        and (n + 1 == len(tokens) or owner[n + 1] != owner[n])


def _unread_match(tokens: Sequence[str], phrase: tuple[str, ...]) -> bool:
    """Whether label ``tokens`` holding one unread character (U+FFFD) spell ``phrase`` but for it.

    >>> _unread_match(["DRAWING", "N\ufffd"], ("DRAWING", "NO")), _unread_match(["N\ufffd"], ("NO",))
    (True, False)
    """
    joined = "".join(tokens)
    if len(tokens) != len(phrase) or joined.count(REPLACEMENT_CHARACTER) != 1 or len(joined) < 5:
        return False
    return all(len(t) == len(p) and all(a == b or a == REPLACEMENT_CHARACTER for a, b in zip(t, p, strict=True))
               for t, p in zip(tokens, phrase, strict=True))
