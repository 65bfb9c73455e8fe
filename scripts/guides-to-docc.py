#!/usr/bin/env python3
"""Makes the DocC catalog of the guides from Guides/*.md (the one source; nothing is copied by hand).

    guides-to-docc.py GUIDES_DIR OUT_CATALOG

Writes OUT_CATALOG/Guides.md (the technology root: every guide, grouped) and one article per guide.
A guide stays as written except where GitHub Markdown and DocC differ:
- a link to another guide, `[text](Other.md)` or `[text](Other.md#github-anchor)`, or to a heading
  of its own, `[text](#github-anchor)`, becomes a DocC link (`<doc:Other#Heading-Name>`), which
  DocC checks; an anchor that names no heading of its guide, or a guide that does not exist, is an
  error here;
- a link to another file of the repository (`../Examples/README.md`) becomes its text followed by
  the path in code voice (the site holds no repository files);
- a line outside code that starts with `@` is escaped (DocC would read a directive);
- backticks are dropped from the title (DocC shows a title as plain text).
Code blocks and code spans are never changed. Exit 1 with a message naming the guide and link on
any error.
"""
import os
import re
import sys

# The order of the guides on the Guides page; a guide not listed here goes under "More".
GROUPS = [
    ("The core", ["Session", "Matching", "Folding", "Index", "Mentions", "Recents"]),
    ("Front ends", ["UIKit", "SwiftUI", "AppKit", "Terminal"]),
    ("Suggestions from a server", ["Remote"]),
]

FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
LINK = re.compile(r"(?<!!)\[((?:[^\[\]]|\[[^\[\]]*\])*)\]\(([^()\s]+)\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def split_fenced(text):
    """Yields (is_code, chunk) pieces of `text`: fenced code blocks and the prose between them."""
    lines, chunk, fence = text.split("\n"), [], None
    for line in lines:
        match = FENCE.match(line)
        if fence is None and match:
            if chunk:
                yield False, "\n".join(chunk)
            chunk, fence = [line], match.group(1)
        elif fence is not None and line.strip().startswith(fence[0] * len(fence)) and not line.strip().strip(fence[0]):
            chunk.append(line)
            yield True, "\n".join(chunk)
            chunk, fence = [], None
        else:
            chunk.append(line)
    if chunk:
        yield fence is not None, "\n".join(chunk)


def code_span_ranges(text):
    """The ranges of `text` inside code spans (a run of backticks up to the next run as long)."""
    ranges, index = [], 0
    while True:
        start = text.find("`", index)
        if start < 0:
            return ranges
        end = start
        while end < len(text) and text[end] == "`":
            end += 1
        ticks = text[start:end]
        close = re.compile(r"(?<!`)" + ticks + r"(?!`)").search(text, end)
        if not close:
            index = end
            continue
        ranges.append((start, close.end()))
        index = close.end()


def plain(heading):
    """A heading's text as rendered: without code-span backticks and emphasis markers."""
    return re.sub(r"[`*_]", "", heading).strip()


def github_anchor(heading):
    text = plain(heading).lower()
    text = "".join(c for c in text if c.isalnum() or c in " -_")
    return text.replace(" ", "-")


def docc_fragment(heading):
    text = "-".join(part for part in re.split(r"[\s-]+", plain(heading)) if part)
    return "".join(c for c in text if c not in "'\"`")


def headings(text):
    found = []
    for is_code, chunk in split_fenced(text):
        if not is_code:
            found += [m.group(2) for m in map(HEADING.match, chunk.split("\n")) if m and len(m.group(1)) > 1]
    return found


def main():
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    source, out = sys.argv[1], sys.argv[2]
    names = sorted(f[:-3] for f in os.listdir(source) if f.endswith(".md"))
    texts = {name: open(os.path.join(source, name + ".md"), encoding="utf-8").read() for name in names}
    anchors = {name: {github_anchor(h): docc_fragment(h) for h in headings(text)} for name, text in texts.items()}
    errors = []

    def convert(name, text):
        def link(match):
            label, target = match.group(1), match.group(2)
            if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # https:, mailto: …
                return match.group(0)
            path, _, anchor = target.partition("#")
            other = name if path == "" else path[:-3] if path.endswith(".md") and "/" not in path else None
            if other is None:
                shown = os.path.normpath(os.path.join("Guides", path))
                return f"`{shown}`" if label.strip("`") == shown else f"{label} (`{shown}`)"
            if other not in texts:
                errors.append(f"Guides/{name}.md: [{label}]({target}) names no guide")
                return match.group(0)
            if not anchor:
                return f"[{label}](<doc:{other}>)"
            if anchor not in anchors[other]:
                errors.append(f"Guides/{name}.md: [{label}]({target}) names no heading of {other}.md")
                return match.group(0)
            return f"[{label}](<doc:{other}#{anchors[other][anchor]}>)"

        pieces = []
        for is_code, chunk in split_fenced(text):
            if is_code:
                pieces.append(chunk)
                continue
            spans, result, index = code_span_ranges(chunk), [], 0
            for match in LINK.finditer(chunk):
                if any(start <= match.start() < end for start, end in spans):
                    continue
                result += [chunk[index:match.start()], link(match)]
                index = match.end()
            result.append(chunk[index:])
            chunk = "".join(result)
            chunk = re.sub(r"(?m)^(\s*)@", r"\1\\@", chunk)
            chunk = re.sub(r"(?m)\A# (.*)$", lambda m: "# " + m.group(1).replace("`", ""), chunk)
            pieces.append(chunk)
        return "\n".join(pieces)

    os.makedirs(out, exist_ok=True)
    for name, text in texts.items():
        if not text.startswith("# "):
            errors.append(f"Guides/{name}.md: does not start with a `# ` title")
            continue
        with open(os.path.join(out, name + ".md"), "w", encoding="utf-8") as f:
            f.write(convert(name, text))
    listed = [n for _, group in GROUPS for n in group]
    groups = [(title, [n for n in group if n in texts]) for title, group in GROUPS]
    groups.append(("More", [n for n in names if n not in listed]))
    with open(os.path.join(out, "Guides.md"), "w", encoding="utf-8") as f:
        f.write("# Guides\n\nOne article per feature of AutocompleteKit: what it does, how to use it, what is "
                "tested and what is not.\n\n@Metadata {\n  @TechnologyRoot\n}\n\n## Overview\n\n"
                "These articles are the package's `Guides` folder; their Swift snippets are compiled "
                "by the package's tests.\n\n## Topics\n")
        for title, group in groups:
            if group:
                f.write(f"\n### {title}\n\n" + "".join(f"- <doc:{n}>\n" for n in group))
    if errors:
        print("\n".join(errors), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
