#!/usr/bin/python3
# a11y-walk.py — what a screen reader finds in Tether's windows
#
# Usage: a11y-walk.py PID TITLE...
#
# Walks the accessible tree of the application with process id PID over the
# AT-SPI bus (AT_SPI_BUS_ADDRESS), from a process of its own, as a screen
# reader does. Fails when:
#  - a window titled TITLE is missing, is not exposed as a frame, dialog,
#    window or alert, or lacks the "showing" state;
#  - an element that takes focus or is interactive has an empty name, or a
#    name that is a type name (Gtk…, Adw…, Tether…), which is what GTK 4.8
#    announces for an element that has no name.
# Prints each problem on a line of its own, with the path to the element.
import re
import sys
import time

import gi

gi.require_version('Atspi', '2.0')
from gi.repository import Atspi  # noqa: E402

INTERACTIVE = {
    getattr(Atspi.Role, role) for role in (
        'PUSH_BUTTON', 'TOGGLE_BUTTON', 'CHECK_BOX', 'RADIO_BUTTON', 'ENTRY',
        'PASSWORD_TEXT', 'SPIN_BUTTON', 'SLIDER', 'COMBO_BOX', 'MENU_ITEM',
        'CHECK_MENU_ITEM', 'RADIO_MENU_ITEM', 'LINK', 'PAGE_TAB', 'LIST_BOX',
        'LIST', 'LIST_ITEM', 'TREE', 'TREE_TABLE', 'TABLE', 'SCROLL_PANE',
        'SWITCH')
    if hasattr(Atspi.Role, role)
}
WINDOW_ROLES = {Atspi.Role.FRAME, Atspi.Role.DIALOG, Atspi.Role.WINDOW, Atspi.Role.ALERT}
TYPE_NAME = re.compile(r'^(Gtk|Adw|Tether)[A-Z][A-Za-z]*$')
MAX_ELEMENTS = 200000
# How long the windows may take to appear on the bus (a bound for a loaded
# machine under ASan, not a measure of speed).
WAIT_SECONDS = 300

problems = []
seen = 0


def describe(node):
    return "%s “%s”" % (node.get_role_name(), node.get_name() or '')


def check(node, path):
    global seen
    seen += 1
    if seen > MAX_ELEMENTS:
        raise SystemExit("more than %d elements: a loop in the tree?" % MAX_ELEMENTS)
    role = node.get_role()
    name = node.get_name() or ''
    states = node.get_state_set()
    focusable = states.contains(Atspi.StateType.FOCUSABLE)
    here = path + [describe(node)]
    if focusable or role in INTERACTIVE:
        why = None
        if name.strip() == '':
            why = 'has no name'
        elif TYPE_NAME.match(name.strip()):
            why = 'is announced by its type name'
        if why is not None:
            problems.append('%s %s (%s): %s' % (
                node.get_role_name(), why, 'focusable' if focusable else 'interactive',
                ' › '.join(here[-6:])))
    for i in range(node.get_child_count()):
        child = node.get_child_at_index(i)
        if child is not None:
            check(child, here)


def find_app(pid):
    desktop = Atspi.get_desktop(0)
    for i in range(desktop.get_child_count()):
        candidate = desktop.get_child_at_index(i)
        if candidate is not None and candidate.get_process_id() == pid:
            return candidate
    return None


def titles_shown(app, titles):
    app.clear_cache()  # ask again, not what was seen on the last look
    shown = set()
    for i in range(app.get_child_count()):
        window = app.get_child_at_index(i)
        if window is not None and window.get_state_set().contains(Atspi.StateType.SHOWING):
            shown.add(window.get_name() or '')
    return all(title in shown for title in titles)


def main():
    pid = int(sys.argv[1])
    titles = sys.argv[2:]
    # GTK exposes an application's windows on the bus as it gets to it,
    # later still under the sanitizers: wait for them, within a bound.
    deadline = time.monotonic() + WAIT_SECONDS
    app = find_app(pid)
    while (app is None or not titles_shown(app, titles)) and time.monotonic() < deadline:
        time.sleep(0.2)
        app = find_app(pid)
    if app is None:
        print('no application with pid %d on the accessibility bus' % pid)
        return 1

    windows = {}
    for i in range(app.get_child_count()):
        window = app.get_child_at_index(i)
        if window is None:
            continue
        windows.setdefault(window.get_name() or '', []).append(window)
        if window.get_role() not in WINDOW_ROLES:
            problems.append('window “%s” is exposed as %s, not as a frame or dialog'
                            % (window.get_name(), window.get_role_name()))
    for title in titles:
        found = windows.get(title)
        if not found:
            problems.append('no window titled “%s” (windows: %s)'
                            % (title, ', '.join('“%s”' % t for t in windows)))
            continue
        if not any(w.get_state_set().contains(Atspi.StateType.SHOWING) for w in found):
            problems.append('window “%s” lacks the showing state' % title)

    for i in range(app.get_child_count()):
        window = app.get_child_at_index(i)
        if window is not None:
            check(window, [])

    for p in problems:
        print(p)
    print('%d elements in %d windows, %d problems' % (seen, len(windows), len(problems)))
    return 1 if problems else 0


sys.exit(main())
