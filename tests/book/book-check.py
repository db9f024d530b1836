#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""
Check a built kmsg book against the descriptions, for tests/28-book.sh.

  book-check.py pages SRCTREE HTMLDIR KMSG_GEN SOURCE...
      Every description file of SRCTREE/Documentation/kmsg and every
      SOURCE (relative to SRCTREE) with descriptions is named by the
      kernel-messages directive of a page; each page's HTML has a section
      per description of its files, in order, with the tag's anchors
      (docutils' normalised id and the tag itself), the text, severity,
      parameters, description, user action and hashed ids exactly as
      kmsg-gen dump has them, after the page's note on hashed ids;
      catalog.html's index table has each component's count and the total.
  book-check.py text HTML TAG
      The text of TAG's section as a reader sees it (for the shell's
      greps): "text<TAB>description<TAB>user action<TAB>hashed ids".

Prints TAP lines without numbers ("ok - ...", "not ok - ..."); the suite
relays them.
"""

import glob
import html.parser
import json
import os
import re
import subprocess
import sys


class Node:
    def __init__(self, tag, attrs, parent):
        self.tag, self.attrs, self.parent = tag, dict(attrs), parent
        self.children = []

    def text(self):
        return ''.join(c if isinstance(c, str) else c.text() for c in self.children)

    def classes(self):
        return self.attrs.get('class', '').split()

    def find(self, pred):
        for c in self.children:
            if isinstance(c, Node):
                if pred(c):
                    yield c
                yield from c.find(pred)

    def kids(self, tag):
        return [c for c in self.children if isinstance(c, Node) and c.tag == tag]


VOID = {'br', 'img', 'input', 'link', 'meta', 'hr', 'col', 'area', 'base', 'wbr'}


class Tree(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = self.cur = Node('#root', [], None)

    def handle_starttag(self, tag, attrs):
        n = Node(tag, attrs, self.cur)
        self.cur.children.append(n)
        if tag not in VOID:
            self.cur = n

    def handle_startendtag(self, tag, attrs):
        self.cur.children.append(Node(tag, attrs, self.cur))

    def handle_endtag(self, tag):
        n = self.cur
        while n.parent and n.tag != tag:
            n = n.parent
        if n.parent:
            self.cur = n.parent

    def handle_data(self, data):
        self.cur.children.append(data)


def parse(path):
    t = Tree()
    with open(path, encoding='utf-8') as f:
        t.feed(f.read())
    return t.root


def ws(s):
    """As a browser lays text out: runs of white space are one space."""
    return re.sub(r'\s+', ' ', s).strip()


def docutils_id(tag):
    """docutils.nodes.make_id() for a tag: lower case, '-' for the rest."""
    return re.sub(r'[^a-z0-9]+', '-', tag.lower()).strip('-')


def dump(kmsg_gen, srctree, files):
    res = subprocess.run([kmsg_gen, 'dump'] + files, cwd=srctree,
                         stdout=subprocess.PIPE, check=True)
    return [json.loads(l) for l in res.stdout.decode('utf-8').splitlines()]


def directive_files(rst):
    """The arguments of the kernel-messages directives of an rst file."""
    files, args = [], None
    for line in open(rst, encoding='utf-8'):
        m = re.match(r'\.\. kernel-messages::(.*)', line)
        if m:
            args = m.group(1).split()
            files += args
        elif args is not None and line.startswith((' ', '\t')) and line.strip() \
                and not line.strip().startswith(':'):
            files += line.split()
        else:
            args = None
    return files


def fields(dl):
    """A field list as {name: dd node}."""
    out, name = {}, None
    for c in dl.children:
        if isinstance(c, Node) and c.tag == 'dt':
            name = ws(c.text()).rstrip(':')
        elif isinstance(c, Node) and c.tag == 'dd':
            out[name] = c
    return out


def message_sections(root):
    return list(root.find(lambda n: n.tag == 'section' and 'kmsg-message' in n.classes()))


def rendered(sec):
    """What a section shows: tag, ids, text, fields."""
    ids = [sec.attrs.get('id')]
    for span in sec.kids('span'):
        if 'id' in span.attrs:
            ids.append(span.attrs['id'])
    h2 = sec.kids('h2')[0]
    title = ws(''.join(c if isinstance(c, str) else
                       (c.text() if c.tag != 'a' else '') for c in h2.children))
    hashed = [ws(p.text()) for p in sec.kids('p') if 'kmsg-hashed-id' in p.classes()]
    noid = [ws(p.text()) for p in sec.kids('p') if 'kmsg-no-id' in p.classes()]
    code = next(sec.find(lambda n: n.tag == 'pre'))
    dl = next(sec.find(lambda n: n.tag == 'dl' and 'kmsg-fields' in n.classes()))
    f = fields(dl)
    params = []
    if 'Parameters' in f:
        pl = next(f['Parameters'].find(lambda n: n.tag == 'dl'))
        params = [(k, ws(v.text())) for k, v in fields(pl).items()]
    paras = {k: [ws(p.text()) for p in f[k].kids('p')]
             for k in ('Description', 'User action') if k in f}
    return {
        'ids': ids, 'title': title, 'text': re.sub(r'\n$', '', code.text()),
        'severity': ws(f['Severity'].text()) if 'Severity' in f else None,
        'params': params, 'description': paras.get('Description'),
        'user_action': paras.get('User action'), 'hashed': hashed, 'noid': noid,
    }


def expected_paras(s):
    p = [ws(x) for x in s.split('\n\n') if x.strip('\n')]
    return p or ['-']


def compare(d, r):
    """The differences between a description and its section, as words."""
    bad = []
    want_ids = [docutils_id(d['tag'])]
    if d['tag'] != want_ids[0]:
        want_ids.append(d['tag'])
    if r['ids'] != want_ids:
        bad.append('ids %s, not %s' % (r['ids'], want_ids))
    if r['title'] != d['tag']:
        bad.append('title %r' % r['title'])
    if r['text'] != d['text']:
        bad.append('text %r, not %r' % (r['text'], d['text']))
    if r['severity'] != d['severity']:
        bad.append('severity %r' % r['severity'])
    want = [(p['name'], ws(p['description'])) for p in d['parameters']]
    if r['params'] != want:
        bad.append('parameters %r, not %r' % (r['params'], want))
    if r['description'] != expected_paras(d['description']):
        bad.append('description %r' % r['description'])
    if r['user_action'] != expected_paras(d['user_action']):
        bad.append('user action %r' % r['user_action'])
    comp = d['tag'].rsplit('.', 1)[0]
    if d.get('printed_without_id'):
        # no hashed id: the line has no tag to hash; a note says so
        if r['hashed'] or len(r['noid']) != 1 or \
           not r['noid'][0].startswith('Printed without its tag:'):
            bad.append('printed without id: hashed ids %r and note %r, not none and '
                       "'Printed without its tag: ...'" % (r['hashed'], r['noid']))
        return bad
    want = ['Hashed id: %s.%s (printed for a device: %s.%s)'
            % (comp, d['hashed_id'], comp, d['hashed_id_device'])]
    if r['hashed'] != want or r['noid']:
        bad.append('hashed ids %r, not %r' % (r['hashed'], want))
    return bad


def has_note(root):
    """The page's note on hashed ids: what they are, of today's formats."""
    return any('as it is today' in p.text() for p in
               root.find(lambda n: n.tag == 'p' and 'kmsg-hashed-id-note' in n.classes()))


def cmd_pages(srctree, htmldir, kmsg_gen, sources):
    docdir = os.path.join(srctree, 'Documentation', 'kmsg')
    # (the translations, po/, are not descriptions)
    desc_files = sorted(os.path.relpath(f, srctree)
                        for f in glob.glob(docdir + '/**', recursive=True)
                        if os.path.isfile(f) and not f.endswith('.rst')
                        and not f.startswith(os.path.join(docdir, 'po') + os.sep))
    pages = {}
    for rst in sorted(glob.glob(docdir + '/**/*.rst', recursive=True)):
        files = directive_files(rst)
        if files:
            pages[os.path.relpath(rst, docdir)[:-4]] = files
    named = {f for files in pages.values() for f in files}

    missing = [f for f in desc_files + sources if f not in named]
    print('%s - every description file (%d) and source with descriptions (%d) '
          'is named by a page%s' % ('not ok' if missing else 'ok', len(desc_files),
                                    len(sources),
                                    ': not ' + ', '.join(missing) +
                                    ' (add <file>.rst with ".. kernel-messages:: <file>")'
                                    if missing else ''))
    total_dump = dump(kmsg_gen, srctree, desc_files + sources)
    total_html, counts, bad_pages = 0, {}, []
    for page, files in sorted(pages.items()):
        path = os.path.join(htmldir, page + '.html')
        if not os.path.isfile(path):
            bad_pages.append('%s: no %s' % (page, path))
            continue
        descs = dump(kmsg_gen, srctree, files)
        root = parse(path)
        secs = message_sections(root)
        if descs and not has_note(root):
            bad_pages.append('%s: no note on hashed ids' % page)
        total_html += len(secs)
        if len(secs) != len(descs):
            bad_pages.append('%s: %d sections for %d descriptions' % (page, len(secs), len(descs)))
            continue
        for d, s in zip(descs, secs):
            comp = d['tag'].rsplit('.', 1)[0]
            counts[comp] = counts.get(comp, 0) + 1
            diff = compare(d, rendered(s))
            if diff:
                bad_pages.append('%s: %s: %s' % (page, d['tag'], '; '.join(diff)))
    for b in bad_pages[:20]:
        print('# ' + b)
    print('%s - each of the %d pages shows every description of its files, '
          'each exactly as kmsg-gen dump has it (anchors, text, severity, parameters, '
          'description, user action, hashed ids; the note on them)' % ('not ok' if bad_pages else 'ok', len(pages)))
    print('%s - the pages render %d messages, kmsg-gen dump counts %d descriptions'
          % ('ok' if total_html == len(total_dump) else 'not ok', total_html, len(total_dump)))

    # The index page: a row per component with its count, and the total.
    rows = {}
    cat = os.path.join(htmldir, 'catalog.html')
    if os.path.isfile(cat):
        table = next(parse(cat).find(lambda n: n.tag == 'table' and 'kmsg-index' in n.classes()), None)
        for tr in (table.find(lambda n: n.tag == 'tr') if table else []):
            cells = [ws(td.text()) for td in tr.kids('td')]
            if len(cells) == 3:
                rows[cells[0]] = cells[1]
    want = {c: str(n) for c, n in counts.items()}
    want['all'] = str(len(total_dump))
    print('%s - catalog.html lists the %d components with their message counts '
          'and the total %d%s' % ('ok' if rows == want else 'not ok', len(counts),
                                  len(total_dump),
                                  '' if rows == want else ': %r' % sorted(
                                      set(rows.items()) ^ set(want.items()))))


def cmd_text(path, tag):
    for s in message_sections(parse(path)):
        r = rendered(s)
        if r['title'] == tag:
            print('\t'.join([r['text'], ' '.join(r['description'] or []),
                             ' '.join(r['user_action'] or []), ' '.join(r['hashed'])]))
            return 0
    return 1


def main():
    if sys.argv[1] == 'pages':
        cmd_pages(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:])
        return 0
    if sys.argv[1] == 'text':
        return cmd_text(sys.argv[2], sys.argv[3])
    return 2


if __name__ == '__main__':
    sys.exit(main())
