"""The content-stream hot path: a tokenizer over the decoded bytes and operator dispatch without per-token objects.

pdfminer's :class:`~pdfminer.pdfinterp.PDFContentParser` reads a content stream a character class at a
time through a chain of Python methods (a buffer refill, a state-machine step and a token tuple per
token) and the interpreter looks every operator up by building its method name. On a drawing, whose
content is mostly numbers and path operators, that parsing was most of the time spent reading a page.

Here one compiled regular expression matches a whole token at a time straight from the stream's bytes
(numbers, names, keywords and plain literal strings; a string with escapes or nested parentheses, a hex
string and an inline image take a short hand-written branch), operands go straight onto the operand
stack as Python numbers, bytes, lists and dicts, and each operator is found in a table built once per
interpreter class. The operators themselves and their semantics are the interpreter's (pdfminer's, with
pdftract's corrections in :mod:`pdftract.ingest.device`), so the primitives a page yields are the same
as before; ``tests/test_content_stream.py`` checks that token for token and primitive for primitive.

Token rules follow pdfminer's, so that a malformed stream reads the same way too:

* a number is an optional sign, digits and at most one point (``1.2.3`` is ``1.2`` then ``.3``); a sign
  or a point alone is dropped;
* a keyword starts with a letter and runs to the next delimiter or white space; ``true`` and ``false``
  are booleans; any other single character is a one-character keyword (``'``, ``"``);
* a name decodes ``#xx`` escapes and is text when its bytes are UTF-8;
* a literal string keeps the character after an unknown escape (PDF 7.3.4.2; pdfminer drops both) and
  an octal escape above 255 keeps its low byte;
* several content streams of one page are read as one, joined by a newline (PDF 7.8.2: a split falls
  between tokens).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from pdfminer.pdftypes import PDFStream, resolve1
from pdfminer.psparser import KWD, LIT, PSKeyword, PSLiteral, literal_name

#: one token, after any white space and comments: which group matched says what it is
TOKEN = re.compile(
    rb"(?:[\x00\t\n\x0b\x0c\r ]|%[^\r\n]*)*"
    rb"(?:(?P<num>[-+]?[0-9]+(?:\.[0-9]*)?|[-+]?\.[0-9]*|[-+])"
    rb"|(?P<kw>[A-Za-z][^#/%\[\]()<>{}\t\n\x0b\x0c\r ]*)"
    rb"|/(?P<name>(?:[^#/%\[\]()<>{}\t\n\x0b\x0c\r ]|#[0-9A-Fa-f]{0,2})*)"
    rb"|\((?P<str>[^()\\]*)\)"
    rb"|(?P<open>\()"
    rb"|(?P<dict><<)"
    rb"|(?P<enddict>>>)"
    rb"|<(?P<hex>[0-9A-Fa-f\t\n\x0b\x0c\r ]*)>?"
    rb"|(?P<other>[^\t\n\x0b\x0c\r ])"
    rb"|(?P<end>$))",
)
#: the common case in one match: plain numbers separated by white space, then an operator keyword. A number
#: has one way to match (``[0-9]+\.?[0-9]*`` had one per digit: a long run of numbers with no operator after
#: it backtracked through every combination, an exponential hang found by fuzzing)
OPERATION = re.compile(
    rb"[\x00\t\n\x0b\x0c\r ]*((?:[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)[\t\n\x0b\x0c\r ]+)*)"
    rb"([A-Za-z][^#/%\[\]()<>{}\t\n\x0b\x0c\r ]*|['\"])"
)
#: a run of plain numbers with no operator after it: taken whole, so that the next try of OPERATION does not
#: scan the same run again from each of its numbers (quadratic on a long run, as damaged content has)
NUMBERS = re.compile(rb"[\x00\t\n\x0b\x0c\r ]*((?:[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)[\t\n\x0b\x0c\r ]+)+)")
_NAME_ESCAPE = re.compile(rb"#([0-9A-Fa-f]{0,2})")
_SPACE = re.compile(rb"[\t\n\x0b\x0c\r ]")
_STRING_SPECIAL = re.compile(rb"[()\\]")
_OCTAL = b"01234567"
_ESCAPES = {ord("b"): 8, ord("t"): 9, ord("n"): 10, ord("f"): 12, ord("r"): 13, ord("("): 40, ord(")"): 41, ord("\\"): 92}
#: the end of an inline image's data: ``EI`` and a white-space character (as pdfminer looks for it)
_INLINE_END = re.compile(rb"EI[\t\n\x0b\x0c\r ]")

_KEYWORDS: dict[bytes, PSKeyword] = {}


def keyword(raw: bytes) -> PSKeyword:
    kw = _KEYWORDS.get(raw)
    if kw is None:
        kw = _KEYWORDS[raw] = KWD(raw)
    return kw


def _name(raw: bytes) -> PSLiteral:
    if b"#" in raw:
        raw = _NAME_ESCAPE.sub(lambda m: bytes((int(m.group(1), 16),)) if m.group(1) else b"", raw)
    try:
        return LIT(str(raw, "utf-8"))
    except UnicodeDecodeError:
        return LIT(raw)  # pdfminer keeps undecodable names as bytes


def _hex(raw: bytes) -> bytes:
    digits = _SPACE.sub(b"", raw)
    if len(digits) % 2:
        return bytes.fromhex(digits[:-1].decode()) + bytes((int(digits[-1:], 16),))
    return bytes.fromhex(digits.decode())


def literal_string(data: bytes, pos: int) -> tuple[bytes, int]:
    """The literal string whose opening parenthesis ends just before ``pos``, and the position after it."""
    out = bytearray()
    depth = 1
    n = len(data)
    search = _STRING_SPECIAL.search
    while True:
        m = search(data, pos)
        if m is None:  # unterminated: the rest of the data is the string
            out += data[pos:]
            return bytes(out), n
        j = m.start()
        out += data[pos:j]
        c = data[j]
        if c == 0x28:  # (
            depth += 1
            out.append(c)
            pos = j + 1
        elif c == 0x29:  # )
            depth -= 1
            if depth == 0:
                return bytes(out), j + 1
            out.append(c)
            pos = j + 1
        else:  # a backslash
            pos = j + 1
            if pos >= n:
                return bytes(out), n
            c = data[pos]
            if c in _OCTAL:
                k = pos + 1
                while k < n and k < pos + 3 and data[k] in _OCTAL:
                    k += 1
                out.append(int(data[pos:k], 8) & 0xFF)
                pos = k
            elif c in _ESCAPES:
                out.append(_ESCAPES[c])
                pos += 1
            elif c == 0x0D:  # a line break after a backslash is no character
                pos += 2 if data[pos + 1:pos + 2] == b"\n" else 1
            elif c == 0x0A:
                pos += 1
            else:  # an unknown escape: the backslash is ignored, the character kept
                out.append(c)
                pos += 1


_TABLES: dict[type, dict[bytes, tuple[Callable[..., Any], int]]] = {}


def operators(interp_class: type) -> dict[bytes, tuple[Callable[..., Any], int]]:
    """Operator keyword → (unbound ``do_*`` method, number of operands) of an interpreter class, built once."""
    table = _TABLES.get(interp_class)
    if table is not None:
        return table
    table = _TABLES[interp_class] = {}
    for attr in dir(interp_class):
        func = getattr(interp_class, attr)
        if attr.startswith("do_") and hasattr(func, "__code__"):
            op = attr[3:].replace("_a", "*").replace("_w", '"').replace("_q", "'")
            table[op.encode("latin-1")] = (func, func.__code__.co_argcount - 1)
    return table


def _number(tok: bytes) -> int | float:
    return float(tok) if b"." in tok else int(tok)


def run(interp: Any, data: bytes) -> None:
    """Execute the content ``data`` on ``interp`` (a pdfminer-style page interpreter: ``argstack``, ``do_*``
    methods)."""
    table = operators(type(interp))
    # the page's operator and time budget (pdftract.limits.PageBudget), spent every EVERY operators
    budget = getattr(getattr(interp, "device", None), "budget", None)
    every = budget.EVERY if budget is not None else -1
    ops = 0
    stack: list[Any] = interp.argstack
    #: open arrays, dicts and an inline image's dictionary: (kind, the stack outside it)
    nesting: list[tuple[str, list[Any]]] = []
    match = TOKEN.match
    fast = OPERATION.match
    run_of_numbers = NUMBERS.match
    number = _number
    pos = 0
    n = len(data)
    while pos < n:
        raw: bytes | None = None
        if not nesting:
            fm = fast(data, pos)
            if fm is not None:  # the common case: plain numbers and an operator, in one match
                pos = fm.end()
                nums = fm.group(1)
                if nums:
                    # as floats: every operator that takes a plain number reads it as a float
                    stack.extend(map(float, nums.split()))
                raw = fm.group(2)
            else:
                rm = run_of_numbers(data, pos)
                if rm is not None:
                    # numbers one by one as the token loop reads them (ints stay ints)
                    for tok in rm.group(1).split():
                        try:
                            stack.append(number(tok))
                        except ValueError:
                            pass
                    pos = rm.end()
                    continue
        if raw is None:
            m = match(data, pos)
            assert m is not None  # the pattern always matches (at worst the end)
            pos = m.end()
            kind = m.lastgroup
            if kind == "kw":
                raw = m.group("kw")
            elif kind == "num":
                try:
                    stack.append(number(m.group("num")))
                except ValueError:
                    pass  # a sign or a point alone
                continue
            elif kind == "str":
                stack.append(m.group("str"))
                continue
            elif kind == "name":
                stack.append(_name(m.group("name")))
                continue
            elif kind == "open":
                value, pos = literal_string(data, pos)
                stack.append(value)
                continue
            elif kind == "hex":
                stack.append(_hex(m.group("hex")))
                continue
            elif kind == "dict":
                nesting.append(("d", stack))
                stack = []
                continue
            elif kind == "enddict":
                if nesting and nesting[-1][0] == "d":
                    objs = stack
                    stack = nesting.pop()[1]
                    if len(objs) % 2 == 0:
                        stack.append({literal_name(k): v for k, v in zip(objs[::2], objs[1::2]) if v is not None})
                # a stray >> or an odd dictionary: dropped, as pdfminer does outside strict mode
                continue
            elif kind == "other":
                raw = m.group("other")
                if raw == b"[" or raw == b"{":
                    nesting.append(("a" if raw == b"[" else "p", stack))
                    stack = []
                    continue
                if raw == b"]" or raw == b"}":
                    if nesting and nesting[-1][0] == ("a" if raw == b"]" else "p"):
                        objs = stack
                        stack = nesting.pop()[1]
                        stack.append(objs)
                    continue
                if raw == b">" or raw == b"\x00":
                    continue
            else:  # the end
                break
        # a keyword
        if raw == b"true":
            stack.append(True)
        elif raw == b"false":
            stack.append(False)
        elif nesting:
            if raw == b"ID" and nesting[-1][0] == "inline":
                stack, pos = _inline_image(interp, table, data, pos - 2, stack, nesting)
            else:
                stack.append(keyword(raw))
        elif raw == b"BI":
            nesting.append(("inline", stack))
            stack = []
        else:
            entry = table.get(raw)
            if entry is None:
                continue  # an unknown operator: its operands stay (as in pdfminer)
            func, nargs = entry
            ops += 1
            if ops == every:
                ops = 0
                assert budget is not None
                budget.spend(every)  # raises past the budget: the reader keeps what was read and says so
            if nargs:
                if len(stack) < nargs:
                    del stack[:]
                    continue
                args = stack[-nargs:]
                del stack[-nargs:]
                func(interp, *args)
            else:
                func(interp)
            stack = interp.argstack
    if budget is not None and ops:
        budget.spend(ops)
    # arrays or dictionaries still open at the end swallow what followed them (as in pdfminer)


def _inline_image(interp: Any, table: dict[bytes, tuple[Callable[..., Any], int]], data: bytes, id_pos: int,
                  stack: list[Any], nesting: list[tuple[str, list[Any]]]) -> tuple[list[Any], int]:
    """At an inline image's ``ID``: build its stream from the dictionary read since ``BI``, run ``EI`` on it
    and return the operand stack and the position where reading goes on.

    As pdfminer does: the data starts one character after ``ID`` and ends before ``EI`` and a white-space
    character (less one line break); with an ASCII85 filter it ends at ``~>`` and the ``EI`` that follows
    is read as an ordinary operator."""
    _kind, outer = nesting.pop()
    objs = stack
    start = id_pos + 3
    d: dict[str, Any] | None = None
    if len(objs) % 2 == 0:
        d = {literal_name(k): resolve1(v) for k, v in zip(objs[::2], objs[1::2])}
    filt = d.get("F") if d is not None else None
    if isinstance(filt, PSLiteral):
        filt = [filt]
    if isinstance(filt, list) and filt and isinstance(filt[0], PSLiteral) and literal_name(filt[0]) in ("ASCII85Decode", "A85"):
        end = data.find(b"~>", start)
        end = len(data) if end < 0 else end
        if d is not None:
            outer.append(PDFStream(d, data[start:end] + b"~>"))
        return outer, end + 2
    m = _INLINE_END.search(data, start)
    end = len(data) if m is None else m.start()
    body = data[start:end]
    if body.endswith(b"\r\n"):
        body = body[:-2]
    elif body.endswith((b"\r", b"\n")):
        body = body[:-1]
    resume = len(data) if m is None else m.end()
    if d is None:
        return outer, resume
    stream = PDFStream(d, body)
    if nesting:  # an inline image inside an array: it is an operand there
        outer.append(stream)
        return outer, resume
    entry = table.get(b"EI")
    if entry is not None:
        entry[0](interp, stream)
    return interp.argstack, resume


__all__ = ["TOKEN", "keyword", "literal_string", "run"]
