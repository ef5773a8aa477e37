#!/bin/sh
# check-translations.sh — can a translator translate every message?
#
# Usage: tests/po/check-translations.sh SOURCE_ROOT
#
# 1. Builds the template from po/POTFILES.in with xgettext and the keywords
#    and flags of meson's 'glib' preset (the one po/meson.build uses), into
#    a temporary folder: the source tree is not touched.
# 2. Fails when a msgid ends in a bare '%': a format macro such as
#    G_GSIZE_FORMAT inside _() cuts the msgid there, so the message can
#    never be translated.
# 3. Fails when a source file that marks strings (_(, N_(, C_(, ngettext (,
#    or translatable="yes" in a .ui file) is missing from po/POTFILES.in, or
#    when POTFILES.in names a file that does not exist.
# 4. Validates the template with msgfmt --check, after giving it an English
#    header and msgstr = msgid (msgen), so that the plural forms and the
#    format directives of each msgid_plural are checked against the msgid.
# 5. Fails when a msgid starts or ends with a space, or holds a run of two
#    or more: padding for a column ("Sandbox:        none") or a fragment
#    glued to another ("%s" + " on the host") belongs in the code, so the
#    translator gets a whole sentence and no spaces to count.
# 6. Fails when a message for a server's Log tab (_mcp_transport_emit_event,
#    _mcp_client_emit_event) is given as a bare string instead of _().
#
# TAP output, one test per check.
set -u

top=${1:?usage: $0 SOURCE_ROOT}
cd "$top" || exit 1

for tool in xgettext msgfmt msginit msgen; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "Bail out! $tool is missing: install gettext (build-aux/deps.sh test)"
    exit 1
  fi
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/tether-check-translations.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

echo "1..6"
failed=0

# 1. The template.
grep -v '^#' po/POTFILES.in | grep -v '^[[:space:]]*$' > "$tmp/files"
if xgettext --package-name=tether -D . -f "$tmp/files" -o "$tmp/tether.pot" \
     --from-code=UTF-8 --add-comments \
     --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 \
     --keyword=g_dcgettext:2 --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3 \
     --flag=N_:1:pass-c-format --flag=C_:2:pass-c-format --flag=NC_:2:pass-c-format \
     --flag=g_dngettext:2:pass-c-format --flag=g_strdup_printf:1:c-format \
     --flag=g_string_printf:2:c-format --flag=g_string_append_printf:2:c-format \
     --flag=g_error_new:3:c-format --flag=g_set_error:4:c-format \
     --flag=g_markup_printf_escaped:1:c-format --flag=g_log:3:c-format \
     --flag=g_print:1:c-format --flag=g_printerr:1:c-format \
     --flag=g_printf:1:c-format --flag=g_fprintf:2:c-format \
     --flag=g_sprintf:2:c-format --flag=g_snprintf:3:c-format \
     2> "$tmp/xgettext.err" && [ -s "$tmp/tether.pot" ]; then
  echo "ok 1 - the template builds ($(grep -c '^msgid ' "$tmp/tether.pot") msgids)"
else
  sed 's/^/# /' "$tmp/xgettext.err"
  echo "not ok 1 - xgettext could not build the template"
  failed=1
fi

# 2. No msgid cut at a '%': a string that ends in an odd run of '%'.
# A msgid may span lines in the template; join each one first.
awk '
  /^msgid(_plural)? "/ { if (id != "") print where "\t" id; id = substr($0, index($0, "\"")); next }
  /^"/ && id != ""      { id = id $0; next }
  /^#: /                { where = $2 }
  /^msgstr/             { if (id != "") print where "\t" id; id = "" }
' "$tmp/tether.pot" 2>/dev/null | sed 's/""//g' > "$tmp/msgids"
tab=$(printf '\t')  # grep -E has no \t
grep -E "[^%](%%)*%\"\$|^[^$tab]*$tab\"(%%)*%\"\$" "$tmp/msgids" > "$tmp/cut" || true
if [ -s "$tmp/cut" ]; then
  sed 's/^\([^\t]*\)\t\(.*\)$/# \1: msgid cut at a format macro: \2/' "$tmp/cut"
  echo "not ok 2 - $(wc -l < "$tmp/cut") msgids end in a bare '%'"
  failed=1
else
  echo "ok 2 - no msgid ends in a bare '%'"
fi

# 3. Every file that marks strings is in POTFILES.in, and every entry exists.
{
  grep -rlE '(^|[^A-Za-z0-9_])(N_|C_|NC_|_) ?\("|ngettext ?\(' src --include='*.c'
  grep -rl 'translatable="yes"' src --include='*.ui'
} | sort -u > "$tmp/marking"
sort -u "$tmp/files" > "$tmp/listed"
missing=$(comm -23 "$tmp/marking" "$tmp/listed")
gone=""
while read -r f; do
  [ -e "$f" ] || gone="$gone $f"
done < "$tmp/listed"
if [ -n "$missing" ] || [ -n "$gone" ]; then
  for f in $missing; do echo "# $f marks strings but is not in po/POTFILES.in"; done
  for f in $gone; do echo "# po/POTFILES.in names $f, which does not exist"; done
  echo "not ok 3 - po/POTFILES.in is not complete"
  failed=1
else
  echo "ok 3 - po/POTFILES.in lists every file that marks strings ($(wc -l < "$tmp/marking"))"
fi

# 4. msgfmt --check on the template with an English header and msgstr = msgid.
if msginit --no-translator --locale=en_US.UTF-8 -i "$tmp/tether.pot" -o "$tmp/en.po" \
     > "$tmp/msginit.out" 2>&1 &&
   msgen -o "$tmp/en-filled.po" "$tmp/en.po" > "$tmp/msgen.out" 2>&1 &&
   msgfmt --check -o /dev/null "$tmp/en-filled.po" > "$tmp/msgfmt.out" 2>&1; then
  echo "ok 4 - msgfmt --check accepts the template"
else
  cat "$tmp/msginit.out" "$tmp/msgen.out" "$tmp/msgfmt.out" 2>/dev/null | sed 's/^/# /'
  echo "not ok 4 - msgfmt --check refuses the template"
  failed=1
fi

# 5. No msgid starts or ends with a space (before a final newline), and
# none holds a run of spaces: a label padded to a column ("Sandbox:  none").
grep -E "^[^$tab]*$tab\"( |.* (\\\\n)?\"\$|.*  )" "$tmp/msgids" > "$tmp/padded" || true
if [ -s "$tmp/padded" ]; then
  sed 's/^\([^\t]*\)\t\(.*\)$/# \1: msgid padded with spaces: \2/' "$tmp/padded"
  echo "not ok 5 - $(wc -l < "$tmp/padded") msgids are padded with spaces"
  failed=1
else
  echo "ok 5 - no msgid is padded with spaces"
fi

# 6. The log's messages are marked: the format of an emit_event call, on
# its line or the next, is not a bare string literal.
grep -rnE -A1 '_mcp_(transport|client)_emit_event \(' src --include='*.c' |
  awk '
    /_emit_event \(/ { call = $0; rest = $0; sub(/.*_emit_event \([^,]*,[ ]*/, "", rest)
                        if (rest != $0 && rest != "" && rest ~ /^"/) print call; pending = (rest == $0 || rest == ""); next }
    pending           { line = $0; sub(/^.*\.c-[0-9]+-[ ]*/, "", line); if (line ~ /^"/) print call; pending = 0 }
  ' > "$tmp/bare"
if [ -s "$tmp/bare" ]; then
  sed 's/^/# a log message that cannot be translated: /' "$tmp/bare"
  echo "not ok 6 - $(wc -l < "$tmp/bare") log messages are bare strings"
  failed=1
else
  echo "ok 6 - every log message of the transports and the client is marked"
fi

exit $failed
