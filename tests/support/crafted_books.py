"""Workbooks written byte by byte (issue 34): each one valid XML and valid OOXML that a reader of
text, not XML, gets wrong: attributes in any order and with any white space, CDATA, character
references, comments and processing instructions in text, CR LF in text, rich-text and phonetic
runs, ``xml:space``, 1900 and 1904 dates, cells out of order, cells and rows without ``r``, the
same row twice, namespace prefixes, strict OOXML.

``CASES`` maps a case's name to its files; ``write(folder)`` writes them all as .xlsx files (the
corpus ``tools/compare_reader.py`` also runs over).
"""
from __future__ import annotations

import zipfile
from pathlib import Path

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships"
STRICT_MAIN = "http://purl.oclc.org/ooxml/spreadsheetml/main"
STRICT_REL = "http://purl.oclc.org/ooxml/officeDocument/relationships"
CT = "application/vnd.openxmlformats-officedocument.spreadsheetml"

# styles: 0 General, 1 a built-in date (14), 2 a date of its own (164), 3 a duration (46),
# 4 a time (21), 5 a number (2)
STYLES = f"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="{MAIN}"><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd"/></numFmts>
<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>
<fills count="2"><fill><patternFill patternType="none"/></fill>
<fill><patternFill patternType="gray125"/></fill></fills>
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>
<cellXfs count="6"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>
<xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>
<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>
<xf numFmtId="46" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>
<xf numFmtId="21" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>
<xf numFmtId="2" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>"""


def sheet(rows: str, *, root: str = f'<worksheet xmlns="{MAIN}">', end: str = "</worksheet>",
          data: str = "sheetData") -> str:
    return f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n{root}<{data}>{rows}</{data}>{end}'


def sst(items: str, root: str = f'<sst xmlns="{MAIN}">', end: str = "</sst>") -> str:
    return f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n{root}{items}{end}'


def book(sheets: dict[str, str], strings: str | None = None, *, date1904: bool = False,
         strict: bool = False, styles: str = STYLES) -> dict[str, bytes]:
    """A package: ``sheets`` (name -> worksheet XML; names as XML text, escaped), the shared
    strings part, the workbook's epoch, the strict namespaces."""
    main, rel = (STRICT_MAIN, STRICT_REL) if strict else (MAIN, REL)
    if strict:
        styles = styles.replace(MAIN, STRICT_MAIN)
    types = [f'<Override PartName="/xl/workbook.xml" ContentType="{CT}.sheet.main+xml"/>',
             f'<Override PartName="/xl/styles.xml" ContentType="{CT}.styles+xml"/>']
    rels = [f'<Relationship Id="rIdS" Type="{rel}/styles" Target="styles.xml"/>']
    entries = []
    files: dict[str, bytes] = {}
    for i, (name, xml) in enumerate(sheets.items(), 1):
        types.append(f'<Override PartName="/xl/worksheets/sheet{i}.xml" ContentType="{CT}.worksheet+xml"/>')
        rels.append(f'<Relationship Id="rId{i}" Type="{rel}/worksheet" Target="worksheets/sheet{i}.xml"/>')
        entries.append(f'<sheet name="{name}" sheetId="{i}" r:id="rId{i}"/>')
        files[f"xl/worksheets/sheet{i}.xml"] = xml.encode("utf-8")
    if strings is not None:
        types.append(f'<Override PartName="/xl/sharedStrings.xml" ContentType="{CT}.sharedStrings+xml"/>')
        rels.append(f'<Relationship Id="rIdT" Type="{rel}/sharedStrings" Target="sharedStrings.xml"/>')
        files["xl/sharedStrings.xml"] = strings.encode("utf-8")
    head = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    files["[Content_Types].xml"] = (
        f'{head}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        f'<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        f'<Default Extension="xml" ContentType="application/xml"/>{"".join(types)}</Types>').encode()
    files["_rels/.rels"] = (
        f'{head}<Relationships xmlns="{PKG_REL}"><Relationship Id="rId1" Type="{rel}/officeDocument" '
        f'Target="xl/workbook.xml"/></Relationships>').encode()
    files["xl/_rels/workbook.xml.rels"] = (
        f'{head}<Relationships xmlns="{PKG_REL}">{"".join(rels)}</Relationships>').encode()
    pr = ("<!-- <workbookPr date1904=\"0\"/> --><workbookPr\n  date1904 = 'true'/>" if date1904
          else '<!-- <workbookPr date1904="1"/> --><workbookPr/>')
    files["xl/workbook.xml"] = (f'{head}<workbook xmlns="{main}" xmlns:r="{rel}">{pr}<sheets>'
                                f'{"".join(entries)}</sheets></workbook>').encode()
    files["xl/styles.xml"] = styles.encode("utf-8")
    return files


def to_bytes(files: dict[str, bytes]) -> bytes:
    import io

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in files.items():
            zf.writestr(name, data)
    return buf.getvalue()


def _strings(*items: str) -> str:
    return sst("".join(items))


# styles.xml as another writer may write it: prefixed, attributes spread over lines, a
# comment holding a tag, the format code's quotes as references, cellXfs before numFmts' use
_STYLES_OTHERWISE = f"""<?xml version="1.0" encoding="UTF-8"?>
<x:styleSheet xmlns:x="{MAIN}"><!-- <x:numFmt numFmtId="165" formatCode="0"/> -->
<x:numFmts count="2"><x:numFmt
  formatCode="[$-409]d\\ mmmm\\ yyyy;@"
	numFmtId = '165'/><x:numFmt numFmtId="166" formatCode="&quot;Round &quot;0"/></x:numFmts>
<x:fonts count="1"><x:font><x:sz val="11"/></x:font></x:fonts>
<x:fills count="1"><x:fill><x:patternFill patternType="none"/></x:fill></x:fills>
<x:borders count="1"><x:border/></x:borders>
<x:cellStyleXfs count="1"><x:xf numFmtId="14"/></x:cellStyleXfs>
<x:cellXfs count="4"><x:xf numFmtId="0"/><!-- <x:xf numFmtId="14"/> -->
<x:xf  fontId="0"
  numFmtId="165"/><x:xf numFmtId="166"></x:xf><x:xf numFmtId="22"/></x:cellXfs></x:styleSheet>"""


def utf16(files: dict[str, bytes], dtd: bool = False) -> dict[str, bytes]:
    """Every XML part in UTF-16 with its byte order mark (as Excel on Windows Phone saved
    them); ``dtd``: the sheet carrying an entity declaration."""
    out = {}
    for name, data in files.items():
        text = data.decode("utf-8").replace('encoding="UTF-8"', 'encoding="UTF-16"')
        if dtd and name == "xl/worksheets/sheet1.xml":
            text = text.replace("?>", '?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">]>', 1)
        out[name] = text.encode("utf-16")
    return out


UTF16_SOURCE = book({"Data": sheet(
    '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" s="1"><v>45538</v></c>'
    '<c r="C1" t="inlineStr"><is><t>Zo\u00eb \u5c71\u7530</t></is></c></row>')},
    sst("<si><t>Carl Dunn</t></si>"))
_NAMES = _strings("<si><t>Name</t></si>", "<si><t>Anna Berg</t></si>", "<si><t>Rating</t></si>")

CASES: dict[str, dict[str, bytes]] = {
    # two spaces, a newline, a tab, CR LF between attributes; spaces around "="; single quotes
    "attribute-whitespace": book({"Data": sheet(
        '<row  r="1"\n spans="1:3"><c  r="A1"  t="s"><v>0</v></c><c\tr="B1"\tt="s"><v>2</v></c></row>'
        '<row r="2"><c\nr="A2"\nt="s"\n><v>1</v></c><c r = "B2"   s = "5" ><v>1834.5</v></c>'
        "<c\r\n r='C2'\r\n t='b'><v>1</v></c></row>")}, _NAMES),
    # t before s, s last, r last: the style (a date) still counts
    "t-before-s": book({"Data": sheet(
        '<row r="1"><c r="A1" t="s"><v>0</v></c><c t="n" s="1" r="B1"><v>40005</v></c>'
        '<c s="2" t="n" r="C1"><v>45000.5</v></c><c t="n" r="D1" s="4"><v>0.75</v></c></row>')}, _NAMES),
    "cdata": book({"Data": sheet(
        '<row r="1"><c r="A1" t="inlineStr"><is><t><![CDATA[Anna Berg]]></t></is></c>'
        '<c r="B1" t="s"><v>0</v></c><c r="C1" t="inlineStr"><is><t>a<![CDATA[ <b>&amp; ]]>z</t></is></c>'
        '<c r="D1"><v><![CDATA[42]]></v></c></row>')},
        _strings("<si><t><![CDATA[Carl Dunn]]></t></si>")),
    # &#x96; is U+0096 (XML), not the Windows-1252 dash html.unescape gives; &#13; is a CR kept
    "character-references": book({"Data": sheet(
        '<row r="1"><c r="A1" t="inlineStr"><is><t>a&#x96;b</t></is></c>'
        '<c r="B1" t="inlineStr"><is><t>Ren&#233; &amp; &lt;Zo&#xEB;&gt; &quot;&apos;</t></is></c>'
        '<c r="C1" t="inlineStr"><is><t>x&#13;&#10;y&#9;z</t></is></c><c r="D1" t="s"><v>0</v></c>'
        '<c r="E1" t="str"><f>"&#x80;"</f><v>&#x80;&#x9F;</v></c></row>')},
        _strings("<si><t>&#x96;&#x91;&#150;</t></si>")),
    "comments-and-instructions-in-text": book({"Data": sheet(
        '<row r="1"><c r="A1" t="inlineStr"><is><t>Anna<!-- the first name --> Berg</t></is></c>'
        '<c r="B1"><v>1<!-- x -->2</v></c><c r="C1" t="inlineStr"><is><t>p<?keep me?>q</t></is></c>'
        '<c r="D1" t="s"><v>0</v></c></row><!-- <row r="5"><c r="A5"><v>9</v></c></row> -->')},
        _strings("<si><t>Carl<!-- c --> Dunn</t></si>")),
    "cr-lf-in-text": {**book({"Data": sheet(
        '<row r="1"><c r="A1" t="inlineStr"><is><t>line one\r\nline two\rthree</t></is></c>'
        '<c r="B1" t="s"><v>0</v></c></row>')},
        _strings("<si><t xml:space=\"preserve\">Dunn,\r\n Carl\r\n</t></si>"))},
    "rich-text-and-phonetic-runs": book({"Data": sheet(
        '<row r="1"><c r="A1" t="inlineStr"><is><r><rPr><b/></rPr><t>An</t></r>'
        '<r><t xml:space="preserve">na B</t></r>'
        '<r><t>erg</t></r><rPh sb="0" eb="1"><t>アンナ</t></rPh><phoneticPr fontId="1"/></is></c>'
        '<c r="B1" t="s"><v>0</v></c><c r="C1" t="s"><v>1</v></c><c r="D1" t="s"><v>2</v></c></row>')},
        _strings('<si><t>山田</t><rPh sb="0" eb="2"><t>ヤマダ</t></rPh><phoneticPr fontId="1"/></si>',
                 "<si><r><t>Carl</t></r><r><rPr><i/></rPr><t xml:space=\"preserve\"> Dunn</t></r></si>",
                 "<si><t>x005F_x000D_</t></si>")),
    "xml-space": book({"Data": sheet(
        '<row r="1"><c r="A1" t="inlineStr"><is><t xml:space="preserve">  Anna  </t></is></c>'
        '<c r="B1" t="inlineStr"><is><t>  Berg  </t></is></c>'
        '<c r="C1" t="inlineStr"><is><t xml:space="default"> \n </t></is></c>'
        '<c r="D1" t="s"><v>0</v></c></row>')},
        _strings('<si><t xml:space="preserve"> lead</t></si>')),
    "dates-1900": book({"Data": sheet(
        '<row r="1"><c r="A1" s="1"><v>1</v></c><c r="B1" s="1"><v>59</v></c><c r="C1" s="1"><v>61</v></c>'
        '<c r="D1" s="2"><v>45538</v></c><c r="E1" s="4"><v>0.5</v></c><c r="F1" s="3"><v>1.25</v></c>'
        '<c r="G1" s="2"><v>45538.75</v></c><c r="H1" s="5"><v>45538</v></c>'
        '<c r="I1" t="d"><v>2024-09-01</v></c><c r="J1" t="d"><v>2024-09-01T19:45:00</v></c>'
        '<c r="K1" t="d"><v>19:45:30</v></c><c r="L1" t="d"><v>PT26H5M</v></c>'
        '<c r="M1" t="d"><v>2024-09-01T19:45:00.250Z</v></c></row>')}),
    "dates-1904": book({"Data": sheet(
        '<row r="1"><c r="A1" s="1"><v>0</v></c><c r="B1" s="1"><v>59</v></c><c r="C1" s="2"><v>44076</v></c>'
        '<c r="D1" s="4"><v>0.25</v></c><c r="E1" s="3"><v>2.5</v></c></row>')}, date1904=True),
    "cells-and-rows-out-of-order": book({"Data": sheet(
        '<row r="3"><c r="C3"><v>33</v></c><c r="A3"><v>31</v></c></row>'
        '<row r="1"><c r="B1" t="s"><v>1</v></c><c r="A1" t="s"><v>0</v></c></row>')}, _NAMES),
    "cells-and-rows-without-r": book({"Data": sheet(
        '<row><c t="s"><v>0</v></c><c t="s"><v>2</v></c></row>'
        '<row><c t="s"><v>1</v></c><c><v>1834</v></c></row>'
        '<row r="5"><c r="B5"><v>52</v></c><c><v>53</v></c></row><row><c><v>61</v></c></row>')}, _NAMES),
    "the-same-row-twice": book({"Data": sheet(
        '<row r="2"><c r="A2"><v>1</v></c><c r="B2"><v>2</v></c></row>'
        '<row r="2"><c r="B2"><v>20</v></c><c r="C2"><v>30</v></c></row>'
        '<row r="3"><c r="A3"><v>3</v></c></row><row r="3"><c r="A3"/></row>')}),
    "a-cell-naming-another-row": book({"Data": sheet(
        '<row r="1"><c r="A1"><v>1</v></c><c r="B4"><v>4</v></c><c><v>5</v></c></row>'
        '<row r="2"><c r="A2"><v>2</v></c></row>')}),
    "namespace-prefixes": book({"Data": sheet(
        '<x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="B1" t="inlineStr"><x:is><x:t>Anna</x:t>'
        '</x:is></x:c><x:c r="C1" s="1"><x:v>45538</x:v></x:c></x:row>',
        root=f'<x:worksheet xmlns:x="{MAIN}" xmlns:r="{REL}">', end="</x:worksheet>", data="x:sheetData")},
        sst('<s:si><s:t>Carl Dunn</s:t></s:si>', root=f'<s:sst xmlns:s="{MAIN}">', end="</s:sst>")),
    "other-namespaces-and-empty-cells": book({"Data": sheet(
        '<row r="1" xmlns:q="urn:q" q:x="1"><c r="A1" q:t="s"><v>7</v></c><c r="B1"/><c r="C1"><v></v></c>'
        '<c r="D1" t="inlineStr"/><c r="E1" t="inlineStr"><is/></c><c r="F1" t="inlineStr"><is><t/></is></c>'
        '<c r="G1" t="s"/><c r="H1"><v/></c></row>')}),
    "formulas-and-cached-results": book({"Data": sheet(
        '<row r="1"><c r="A1"><f>1+1</f><v>2</v></c><c r="B1" t="str"><f>"a"&amp;"b"</f><v>ab</v></c>'
        '<c r="C1" t="b"><f>TRUE()</f><v>1</v></c><c r="D1" t="e"><f>1/0</f><v>#DIV/0!</v></c>'
        '<c r="E1"><f>A1</f></c><c r="F1" t="str"><f>""</f><v></v></c>'
        '<c r="G1" s="1"><f>TODAY()</f><v>45538</v></c></row>')}),
    "merged-cells": book({"Data": sheet(
        '<row r="1"><c r="A1"><v>1</v></c><c r="B1"><v>2</v></c><c r="C1"><f>A1</f><v>1</v></c></row>'
        '<row r="2"><c r="A2"><v>3</v></c><c r="B2" t="inlineStr"><is><t>hidden</t></is></c></row>'
        '<row r="3"><c r="A3"><v>5</v></c></row>',
        end='<mergeCells count="3"><mergeCell ref="A1:C1"/><mergeCell ref="B2:B4"/>'
            '<mergeCell ref="A3:A3"/></mergeCells></worksheet>')}),
    "styles-written-otherwise": book({"Data": sheet(
        '<row r="1"><c r="A1" s="1"><v>45538</v></c><c r="B1" s="2"><v>7</v></c>'
        '<c r="C1" s="3"><v>45538.5</v></c><c r="D1" s="0"><v>45538</v></c></row>')},
        styles=_STYLES_OTHERWISE),
    "hyperlink-on-an-empty-cell": book({"Data": sheet(
        '<row r="1"><c r="A1" t="inlineStr"><is><t>Anna</t></is></c><c r="B1" s="0"/></row>',
        end='<hyperlinks><hyperlink ref="B1" location="\'Data\'!A1" display="back"/>'
            '<hyperlink ref="A1" location="\'Data\'!B1"/></hyperlinks></worksheet>')}),
    "utf-16": utf16(UTF16_SOURCE),
    "sheet-names": book({"Naam &amp; &#x96;": sheet('<row r="1"><c r="A1"><v>1</v></c></row>'),
                         "Zo&#xEB;&apos;s": sheet('<row r="1"><c r="A1"><v>2</v></c></row>')}),
    "strict": book({"Data": sheet(
        '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" s="1"><v>45538</v></c>'
        '<c r="C1" t="inlineStr"><is><t>Anna</t></is></c><c r="D1"><v>1.5</v></c></row>',
        root=f'<worksheet xmlns="{STRICT_MAIN}">')},
        sst("<si><t>Carl Dunn</t></si>", root=f'<sst xmlns="{STRICT_MAIN}">'), strict=True),
}


def write(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for name, files in CASES.items():
        path = folder / f"{name}.xlsx"
        path.write_bytes(to_bytes(files))
        out.append(path)
    return out
