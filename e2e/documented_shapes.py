"""The shapes of the services' documented answers (Tests/Fixtures/Dialects, see SOURCES.md there) and the check that an
answer has every documented member with its documented kind: the e2e side of the Swift regression net
(Tests/FeedServerTests/Dialects/DocumentedShapes), for answers as client libraries parse them.

A shape is a scalar kind ("string", "number", "bool", "null", or "text" for XML, where every scalar is text), a dict
of members, or a list of shapes. XML is read the way Flickr maps it to JSON: attributes and `_content` are members,
child elements are dicts and repeated ones lists.
"""

import json
import xml.etree.ElementTree as ElementTree
from pathlib import Path

FIXTURES = Path(__file__).resolve().parent.parent / "Tests" / "Fixtures" / "Dialects"
# Reference §0.4: members Flickr writes sometimes as strings and sometimes as numbers.
FLICKR_FLEXIBLE = ("total", "height_*", "width_*", "latitude", "longitude", "o_width", "o_height")


def flickr_methods() -> list[dict]:
    return json.loads((FIXTURES / "flickr" / "methods.json").read_text())


def json_shape(value):
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return [json_shape(item) for item in value]
    return {key: json_shape(item) for key, item in value.items() if key != "stat"}


def element_shape(element) -> dict:
    shape = {name: "text" for name in element.attrib}
    if element.text and element.text.strip():
        shape["_content"] = "text"
    groups: dict[str, list] = {}
    for child in element:
        groups.setdefault(child.tag, []).append(element_shape(child))
    for name, items in groups.items():
        shape[name] = items[0] if len(items) == 1 else items
    return shape


def xml_shape(root) -> dict:
    """The members of `<rsp>` (an ElementTree element, as flickrapi's etree format returns it)."""
    groups: dict[str, list] = {}
    for child in root:
        groups.setdefault(child.tag, []).append(element_shape(child))
    return {name: items[0] if len(items) == 1 else items for name, items in groups.items()}


def documented(dialect: str, name: str):
    path = FIXTURES / dialect / name
    if name.endswith(".xml"):
        return xml_shape(ElementTree.fromstring(path.read_bytes()))
    return json_shape(json.loads(path.read_text()))


def _is_xml(shape) -> bool:
    if shape == "text":
        return True
    if isinstance(shape, dict):
        return any(_is_xml(item) for item in shape.values())
    if isinstance(shape, list):
        return any(_is_xml(item) for item in shape)
    return False


def _flexible(name: str, flexible) -> bool:
    return any(name.startswith(rule[:-1]) if rule.endswith("*") else name == rule for rule in flexible)


def _merged(items: list):
    """The items of a documented list as one shape, and the members only some items have."""
    if not isinstance(items[0], dict):
        return items[0], set()
    merged, counts = {}, {}
    for item in items:
        for name, shape in item.items():
            if name in merged and isinstance(shape, str) and shape != merged[name]:
                merged[name] = "null"  # documented both ways
            merged.setdefault(name, shape)
            counts[name] = counts.get(name, 0) + 1
    return merged, {name for name, count in counts.items() if count < len(items)}


def problems(expected, actual, absent=None, flexible=FLICKR_FLEXIBLE, path="", xml_answer=False) -> list[str]:
    """Every way `actual` falls short of the documented `expected`, each naming the path. With `xml_answer`, scalars
    are untyped, one element may stand for a list, and empty text cannot be told from none."""
    absent = absent or {}
    lenient = _is_xml(expected) or xml_answer

    def check(expected_, actual_, path_):
        return problems(expected_, actual_, absent, flexible, path_, xml_answer)

    if isinstance(expected, str):
        if not isinstance(actual, str):
            return [] if expected == "null" else [f"{path}: documented as a scalar, answered as {type(actual).__name__}"]
        if expected in ("null", "text") or actual == "text" or expected == actual:
            return []
        name = path.rsplit("/", 1)[-1]
        if _flexible(name, flexible) and {expected, actual} <= {"string", "number"}:
            return []
        return [f"{path}: documented as a {expected}, answered as a {actual}"]
    if isinstance(expected, dict):
        if isinstance(actual, list) and lenient:
            return [problem for item in actual for problem in check(expected, item, path)]
        if not isinstance(actual, dict):
            return [f"{path}: documented as an object, answered as {actual!r}"]
        found = []
        for name, shape in expected.items():
            member = f"{path}/{name}" if path else name
            if member in absent or (name == "_content" and xml_answer):
                continue
            if name not in actual:
                found.append(f"{member}: documented, missing")
            else:
                found += check(shape, actual[name], member)
        return found
    # a documented list
    if isinstance(actual, dict) and lenient:
        actual = [actual]
    if not isinstance(actual, list):
        return [f"{path}: documented as a list, answered as {actual!r}"]
    if not expected:
        return []
    if not actual:
        return [] if path in absent else [f"{path}: documented with items, answered empty"]
    item, optional = _merged(expected)
    if not isinstance(item, dict):
        return [problem for answered in actual for problem in check(item, answered, path)]
    required = {name: shape for name, shape in item.items() if name not in optional}
    found = [problem for answered in actual for problem in check(required, answered, path)]
    for name in optional:
        member = f"{path}/{name}"
        if member in absent:
            continue
        answered = [entry[name] for entry in actual if isinstance(entry, dict) and name in entry]
        if not answered:
            found.append(f"{member}: documented on some items, missing on every one")
        for value in answered:
            found += check(item[name], value, member)
    return sorted(set(found))
