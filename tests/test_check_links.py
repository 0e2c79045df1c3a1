"""tools/check_links.py finds every broken link of a built site, offline, and passes a sound one."""

from __future__ import annotations

from tools import check_links

PAGES = {
    "index.html": '<a href="a/page.html#part">ok</a> <a href="a/">folder</a> <img src="img/p.png">'
                  '<a href="https://example.org/nowhere">away</a> <a href="#top" id="top">self</a>'
                  '<link rel="stylesheet" href="style.css">',
    "a/index.html": '<a href="../index.html#top">back</a>',
    "a/page.html": '<h2 id="part">Part</h2><a name="old"></a><a href="page.html#old">named anchor</a>',
    "img/p.png": "",
    "style.css": "",
}


def site(tmp_path, extra: dict[str, str] | None = None):
    for name, text in {**PAGES, **(extra or {})}.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return tmp_path


def test_a_sound_site_passes(tmp_path):
    report = check_links.check_site(site(tmp_path))
    assert report.broken == []
    assert (report.pages, report.internal, report.external) == (3, 7, 1)


def test_every_kind_of_broken_link_is_found(tmp_path):
    report = check_links.check_site(site(tmp_path, {"b.html": (
        '<a href="missing.html">x</a> <a href="a/page.html#nope">y</a> <img src="img/q.png">'
        '<a href="../../etc/passwd">z</a> <a href="#here">w</a> <a href="/index.html">root</a>')}))
    assert sorted(report.broken) == sorted([
        "b.html: missing.html (no such file)", "b.html: a/page.html#nope (no anchor #nope)",
        "b.html: img/q.png (no such file)", "b.html: ../../etc/passwd (outside the site)",
        "b.html: #here (no anchor #here)", "b.html: /index.html (outside the site)"])


def test_the_command_fails_on_a_broken_link(tmp_path, capsys):
    assert check_links.main([str(site(tmp_path))]) == 0
    (tmp_path / "c.html").write_text('<a href="gone.html">gone</a>')
    assert check_links.main([str(tmp_path)]) == 1
    assert "broken link: c.html: gone.html (no such file)" in capsys.readouterr().out
