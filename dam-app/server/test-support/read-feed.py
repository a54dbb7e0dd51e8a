"""Reads a feed the way a feed reader does, with Debian's python3-feedparser, and prints what it saw as JSON.

usage: read-feed.py URL [ETAG] [MODIFIED]

With MODIFIED and no ETAG it is a reader that sends only If-Modified-Since.
"""
import json
import sys

import feedparser

url = sys.argv[1]
etag = sys.argv[2] if len(sys.argv) > 2 and sys.argv[2] else None
modified = sys.argv[3] if len(sys.argv) > 3 and sys.argv[3] else None
parsed = feedparser.parse(url, etag=etag, modified=modified)
print(json.dumps({
    "status": parsed.get("status"),
    "bozo": bool(parsed.get("bozo")),
    "bozo_exception": str(parsed.get("bozo_exception", "")),
    "version": parsed.get("version"),
    "etag": parsed.get("etag"),
    "modified": parsed.get("modified"),
    "title": parsed.feed.get("title"),
    "subtitle": parsed.feed.get("subtitle"),
    "entries": [
        {
            "id": entry.get("id"),
            "title": entry.get("title"),
            "link": entry.get("link"),
            "summary": entry.get("summary"),
            "tags": [tag.get("term") for tag in entry.get("tags", [])],
            "enclosures": [enclosure.get("href") for enclosure in entry.get("enclosures", [])],
        }
        for entry in parsed.entries
    ],
}))
