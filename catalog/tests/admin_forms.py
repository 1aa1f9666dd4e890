"""What a browser posts from a Django admin page: every field of its form as rendered
(inline management forms and the hidden figures the page showed included), with some
values changed, so the admin tests post what a person's save would."""

from html.parser import HTMLParser


class _Form(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.data: dict[str, str] = {}
        self._in_form = False
        self._textarea: str | None = None
        self._select: str | None = None
        self._first_option: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and a.get("id", "").endswith("_form"):
            self._in_form = True
        if not self._in_form:
            return
        name = a.get("name")
        if tag == "input" and name:
            kind = a.get("type", "text")
            if kind in ("submit", "button", "file", "image"):
                return
            if kind in ("checkbox", "radio"):
                if "checked" in a:
                    self.data[name] = a.get("value", "on")
                return
            self.data[name] = a.get("value", "")
        elif tag == "textarea" and name:
            self._textarea = name
            self.data[name] = ""
        elif tag == "select" and name:
            self._select = name
            self._first_option = None
        elif tag == "option" and self._select:
            if self._first_option is None:
                self._first_option = a.get("value", "")
            if "selected" in a:
                self.data[self._select] = a.get("value", "")

    def handle_endtag(self, tag):
        if tag == "form":
            self._in_form = False
        elif tag == "textarea":
            self._textarea = None
        elif tag == "select" and self._select:
            self.data.setdefault(self._select, self._first_option or "")
            self._select = None

    def handle_data(self, data):
        if self._textarea:
            # The browser drops the one line break Django writes after <textarea>.
            text = self.data[self._textarea] + data
            self.data[self._textarea] = text[1:] if text.startswith("\n") else text


def form_data(html: str, **changes) -> dict:
    """The page's form as posted, with `changes` (a value of None leaves the field out)."""
    parser = _Form()
    parser.feed(html)
    data = parser.data
    for name, value in changes.items():
        if value is None:
            data.pop(name, None)
        else:
            data[name] = value
    return data


def change_page(client, product, **changes) -> dict:
    html = client.get(f"/admin/catalog/product/{product.pk}/change/").content.decode()
    return form_data(html, **changes)


def add_page(client, **changes) -> dict:
    return form_data(client.get("/admin/catalog/product/add/").content.decode(), **changes)
