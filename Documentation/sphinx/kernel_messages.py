# SPDX-License-Identifier: GPL-2.0
# -*- coding: utf-8; mode: python -*-
"""
    kernel-messages
    ~~~~~~~~~~~~~~~

    The ``kernel-messages`` and ``kernel-messages-index`` reST directives:
    the kernel message catalog (Documentation/kmsg/index.rst) as pages of
    the book.

    .. code-block:: rst

        .. kernel-messages:: Documentation/kmsg/s390/cio [FILE ...]

        .. kernel-messages-index::

    ``kernel-messages`` runs ``scripts/kmsg-gen dump`` on the FILEs (paths
    relative to the source tree: description files of Documentation/kmsg/
    or sources with ``/*? ... */`` blocks) and renders every description:
    a section per message, titled with its tag and anchored by it (the
    tag ``cio.12`` is ``#cio-12`` as docutils normalises ids, and
    ``#cio.12`` as well), its hashed ids (``hypfs.7f5705``, what kernels
    with hashed message ids print, from kmsg-gen dump; a note before the
    first section says what they are), the message text literally,
    severity, parameters, description and user action.  The ids are text
    of the page, so the search finds the page by them.  kmsg-gen is the
    one parser of descriptions; its JSON strings become docutils text
    nodes as they are, so nothing in a format string (``*``, ``\\``,
    backquotes, ``%s``) is read as reST.  A missing kmsg-gen or a
    malformed description stops the build.

    ``kernel-messages-index`` is a table of every page that has a
    ``kernel-messages`` directive: its components, linked, the number of
    messages and the files the descriptions come from.

    kmsg-gen is ``$(objtree)/scripts/kmsg-gen`` (``make htmldocs`` builds
    it first), or the ``kmsg_gen`` configuration value.

    With Sphinx's ``language`` set (``make htmldocs SPHINXOPTS="-D
    language=de"``), the fields are those of
    Documentation/kmsg/po/<language>.po where it translates them, compiled
    with msgfmt and read with Python's gettext (the tag is each field's
    context, ``kmsg-book`` that of the headings); each field stays English
    where the file has no translation or only a fuzzy one.
"""

import gettext
import json
import os
import subprocess
import tempfile

from docutils import nodes
from sphinx.errors import ExtensionError
from sphinx.util.docutils import SphinxDirective

__version__ = '1.0'


def default_kmsg_gen():
    objtree = os.path.abspath(os.environ.get('objtree', '.'))
    return os.path.join(objtree, 'scripts', 'kmsg-gen')


def setup(app):
    app.add_config_value('kmsg_gen', default_kmsg_gen(), 'env')
    app.add_node(kmsg_index)
    app.add_directive('kernel-messages', KernelMessages)
    app.add_directive('kernel-messages-index', KernelMessagesIndex)
    app.connect('env-purge-doc', purge_doc)
    app.connect('env-merge-info', merge_info)
    app.connect('env-before-read-docs', reread_index)
    app.connect('doctree-resolved', fill_index)
    return dict(
        version=__version__,
        parallel_read_safe=True,
        parallel_write_safe=True
    )


class kmsg_index(nodes.General, nodes.Element):
    """Where the index table goes once every page has been read."""


def run_kmsg_gen(env, files):
    """The descriptions of FILEs (relative to srctree) as dicts."""
    kmsg_gen = env.config.kmsg_gen
    srctree = os.path.abspath(os.environ.get('srctree', '.'))

    if not os.access(kmsg_gen, os.X_OK):
        raise ExtensionError('kernel-messages: %s does not exist; make htmldocs '
                             'builds it before Sphinx runs (or set kmsg_gen)'
                             % kmsg_gen)
    # A new kmsg-gen (its parser) renders the pages anew, as do new files.
    env.note_dependency(kmsg_gen)
    for f in files:
        path = os.path.join(srctree, f)
        if not os.path.isfile(path):
            raise ExtensionError('kernel-messages: %s: no such file' % path)
        env.note_dependency(path)
    res = subprocess.run([kmsg_gen, 'dump'] + files, cwd=srctree,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if res.returncode:
        raise ExtensionError('kernel-messages: %s dump failed (exit %d):\n%s'
                             % (kmsg_gen, res.returncode,
                                res.stderr.decode('utf-8', 'replace')))
    return [json.loads(line) for line in res.stdout.decode('utf-8').splitlines()]


def translations(env):
    """The catalog's translations into the book's language, or None."""
    lang = env.config.language
    srctree = os.path.abspath(os.environ.get('srctree', '.'))
    po = os.path.join(srctree, 'Documentation', 'kmsg', 'po', '%s.po' % lang)
    if not lang or lang == 'en' or not os.path.isfile(po):
        return None
    env.note_dependency(po)
    with tempfile.NamedTemporaryFile(suffix='.mo') as mo:
        res = subprocess.run(['msgfmt', '--check', '-o', mo.name, po],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if res.returncode:
            raise ExtensionError('kernel-messages: msgfmt %s failed:\n%s'
                                 % (po, res.stderr.decode('utf-8', 'replace')))
        with open(mo.name, 'rb') as f:
            return gettext.GNUTranslations(f)


def paragraphs(text):
    """Blank lines separate paragraphs, as in the man pages."""
    result = []
    for para in text.split('\n\n'):
        para = para.strip('\n')
        if para:
            result.append(nodes.paragraph(para, para))
    if not result:
        result.append(nodes.paragraph('-', '-'))
    return result


HASHED_IDS_NOTE = (
    "The hashed id under each tag is what kernels with hashed message ids "
    "(SUSE's and Ubuntu's for s390) print in place of the tag, the second "
    "one if the message is printed for a device; IBM's documentation lists "
    "the message under it. It is computed from the message's format as it "
    "is today: where a format has changed, an older kernel printed another "
    "id.")


def hashed_ids(tag, d):
    """The line of a message's hashed ids, as kmsg-gen dump has them; for a
    message printed without its tag, which has none, a line that says so."""
    if d.get('printed_without_id'):
        note = ('Printed without its tag: the line reads as the text below, '
                'as the kernel has always printed it; tools find the entry '
                'by the text.')
        return nodes.paragraph(note, note, classes=['kmsg-no-id'])
    comp = tag.rsplit('.', 1)[0]
    plain = '%s.%s' % (comp, d['hashed_id'])
    device = '%s.%s' % (comp, d['hashed_id_device'])
    p = nodes.paragraph(classes=['kmsg-hashed-id'])
    p += nodes.Text('Hashed id: ')
    p += nodes.literal(plain, plain)
    p += nodes.Text(' (printed for a device: ')
    p += nodes.literal(device, device)
    p += nodes.Text(')')
    return p


def field(name, body):
    f = nodes.field()
    f += nodes.field_name(name, name)
    b = nodes.field_body()
    b += body
    f += b
    return f


class KernelMessages(SphinxDirective):
    """``kernel-messages``: every description of some files"""

    required_arguments = 1
    final_argument_whitespace = True
    has_content = False

    def run(self):
        files = self.arguments[0].split()
        descs = run_kmsg_gen(self.env, files)
        tr = translations(self.env)

        def t(ctxt, english):
            return tr.pgettext(ctxt, english) if tr and english else english
        document = self.state.document
        result = []
        components = {}

        if descs:
            result.append(nodes.paragraph(HASHED_IDS_NOTE, HASHED_IDS_NOTE,
                                          classes=['kmsg-hashed-id-note']))

        for d in descs:
            tag = d['tag']
            comp = tag.rsplit('.', 1)[0]
            components[comp] = components.get(comp, 0) + 1

            # As written: no typographic quotes in commands to copy
            section = nodes.section(classes=['kmsg-message'],
                                    support_smartquotes=False)
            section['names'].append(tag)
            document.note_implicit_target(section, section)
            # Also the tag as written, if docutils changed it: #sclp_cmd.3
            if tag not in section['ids'] and tag not in document.ids:
                section['ids'].append(tag)
                document.ids[tag] = section
            section += nodes.title(tag, tag)
            section += hashed_ids(tag, d)

            # <pre>: every space of the format as the log has it
            text = nodes.literal_block(d['text'], d['text'], classes=['kmsg-text'])
            text['language'] = 'none'
            section += text

            fields = nodes.field_list(classes=['kmsg-fields'])
            fields += field(t('kmsg-book', 'Severity'),
                            nodes.paragraph(d['severity'], d['severity']))
            if d['parameters']:
                plist = nodes.field_list(classes=['kmsg-parameters'])
                for p in d['parameters']:
                    desc = t(tag, p['description'])
                    plist += field(p['name'], nodes.paragraph(desc, desc))
                fields += field(t('kmsg-book', 'Parameters'), plist)
            fields += field(t('kmsg-book', 'Description'),
                            paragraphs(t(tag, d['description'])))
            fields += field(t('kmsg-book', 'User action'),
                            paragraphs(t(tag, d['user_action'])))
            section += fields
            result.append(section)

        if not hasattr(self.env, 'kmsg_pages'):
            self.env.kmsg_pages = {}
        page = self.env.kmsg_pages.setdefault(self.env.docname,
                                              {'components': {}, 'files': [], 'messages': 0})
        for comp, n in components.items():
            page['components'][comp] = page['components'].get(comp, 0) + n
        page['files'] += [f for f in files if f not in page['files']]
        page['messages'] += len(descs)
        return result


class KernelMessagesIndex(SphinxDirective):
    """``kernel-messages-index``: the table of the message pages"""

    has_content = False

    def run(self):
        if not hasattr(self.env, 'kmsg_index_docs'):
            self.env.kmsg_index_docs = set()
        self.env.kmsg_index_docs.add(self.env.docname)
        return [kmsg_index('')]


def purge_doc(app, env, docname):
    getattr(env, 'kmsg_pages', {}).pop(docname, None)
    getattr(env, 'kmsg_index_docs', set()).discard(docname)


def merge_info(app, env, docnames, other):
    """What parallel readers found, into the main environment."""
    if not hasattr(env, 'kmsg_pages'):
        env.kmsg_pages = {}
    if not hasattr(env, 'kmsg_index_docs'):
        env.kmsg_index_docs = set()
    env.kmsg_pages.update(getattr(other, 'kmsg_pages', {}))
    env.kmsg_index_docs.update(getattr(other, 'kmsg_index_docs', set()))


def reread_index(app, env, docnames):
    """Counts change when any page is read again: so does the index."""
    if docnames:
        docnames.extend(d for d in getattr(env, 'kmsg_index_docs', set())
                        if d not in docnames)


def entry(*children):
    e = nodes.entry()
    p = nodes.paragraph()
    p += children
    e += p
    return e


def fill_index(app, doctree, docname):
    pages = getattr(app.env, 'kmsg_pages', {})
    rows = []

    for page, info in pages.items():
        for comp, n in info['components'].items():
            rows.append((comp, page, n, info['files']))
    rows.sort()

    for node in doctree.traverse(kmsg_index):
        table = nodes.table(classes=['kmsg-index'])
        group = nodes.tgroup(cols=3)
        table += group
        for width in (2, 1, 4):
            group += nodes.colspec(colwidth=width)
        head = nodes.thead()
        row = nodes.row()
        for title in ('component', 'messages', 'descriptions in'):
            row += entry(nodes.Text(title))
        head += row
        group += head
        body = nodes.tbody()
        for comp, page, n, files in rows:
            ref = nodes.reference('', '', internal=True,
                                  refuri=app.builder.get_relative_uri(docname, page))
            ref += nodes.literal(comp, comp)
            row = nodes.row()
            row += entry(ref)
            row += entry(nodes.Text(str(n)))
            fl = []
            for f in files:
                if fl:
                    fl.append(nodes.Text(', '))
                fl.append(nodes.literal(f, f))
            row += entry(*fl)
            body += row
        row = nodes.row()
        row += entry(nodes.Text('all'))
        row += entry(nodes.Text(str(sum(r[2] for r in rows))))
        row += entry(nodes.Text(''))
        body += row
        group += body
        node.replace_self(table)
