# everything-use.sh — sourced by test-everything-stdio.sh and
# test-everything-http.sh: use every tool, prompt, resource and completion
# of the pinned server-everything through tether-cli, answering what the
# server asks with --root, --elicit and --sample (TAP).
#
# The sourcing script defines cli ARGS… (tether-cli against the server,
# setting $rc, output in $tmp/out and $tmp/err), ok, not_ok, has,
# json_names, and $tmp. use_everything adds EVERYTHING_USE_TESTS lines.
#
# Copyright 2026 The Tether authors
# SPDX-License-Identifier: GPL-3.0-or-later

EVERYTHING_USE_TESTS=26

# Every tool of server-everything 2026.8.31 (tests/interop/package.json),
# sorted: 17, of which get-roots-list, the trigger-*-request tools and
# trigger-url-elicitation are offered only to a client that declares roots,
# sampling and elicitation.
EVERYTHING_TOOLS="echo get-annotated-message get-env get-resource-links get-resource-reference \
get-roots-list get-structured-content get-sum get-tiny-image gzip-file-as-resource \
simulate-research-query toggle-simulated-logging toggle-subscriber-updates \
trigger-elicitation-request trigger-long-running-operation trigger-sampling-request \
trigger-url-elicitation"

# use_tool LABEL TOOL JSON EXPECTED [OPTIONS…]: call TOOL, expect success
# and EXPECTED in what it printed.
use_tool () {
  label=$1 tool=$2 args=$3 expected=$4
  shift 4
  cli "$@" call "$tool" "$args"
  if [ $rc -eq 0 ] && has "$expected" out; then
    ok "$label: call $tool"
  else not_ok "$label: call $tool (rc $rc)" "$tmp/out" "$tmp/err"; fi
}

use_everything () {
  label=$1
  root=$tmp/project
  mkdir -p "$root"

  cli --root "$root" --json tools
  names=$(json_names tools | tr '\n' ' ' | sed 's/ *$//')
  expected=$(echo $EVERYTHING_TOOLS)
  if [ $rc -eq 0 ] && [ "$names" = "$expected" ]; then
    ok "$label: all 17 tools listed"
  else not_ok "$label: tools: “$names”, not “$expected” (rc $rc)" "$tmp/out" "$tmp/err"; fi

  use_tool "$label" echo '{"message":"hello from tether"}' "Echo: hello from tether"
  use_tool "$label" get-annotated-message '{"messageType":"success","includeImage":true}' '\[image image/png'
  use_tool "$label" get-env '{}' '"HOME"'
  use_tool "$label" get-resource-links '{"count":2}' '\[link demo://resource/dynamic/'
  use_tool "$label" get-resource-reference '{"resourceType":"Blob","resourceId":2}' \
    '\[resource demo://resource/dynamic/blob/2\]'
  use_tool "$label" get-roots-list '{}' "URI: file://$root" --root "$root"
  use_tool "$label" get-structured-content '{"location":"Chicago"}' '"temperature"'
  use_tool "$label" get-sum '{"a":2,"b":40}' "is 42"
  use_tool "$label" get-tiny-image '{}' '\[image image/png'
  # a data URI: the namespace has no network to fetch the default URL
  use_tool "$label" gzip-file-as-resource \
    '{"name":"hello.gz","data":"data:text/plain;base64,aGVsbG8K","outputType":"resource"}' \
    '\[blob application/gzip'
  use_tool "$label" toggle-simulated-logging '{}' "Started simulated"
  use_tool "$label" toggle-subscriber-updates '{}' "Started simulated resource updated"
  use_tool "$label" trigger-elicitation-request '{}' "Name: Ada" --elicit '{"name":"Ada"}'
  use_tool "$label" trigger-long-running-operation '{"duration":1,"steps":2}' "Long running operation completed"
  use_tool "$label" trigger-sampling-request '{"prompt":"Say hi","maxTokens":5}' '"text": "a sampled reply"' \
    --sample "a sampled reply"
  use_tool "$label" trigger-url-elicitation '{"url":"https://example.com/finish"}' \
    "User completed the URL elicitation flow" --elicit '{}'

  # It runs only as a task (taskSupport "required"): without --task it
  # runs as one anyway, saying so; with --task each status is shown, and
  # its question (an ambiguous topic) is answered from --elicit while
  # tasks/result waits.
  cli call simulate-research-query '{"topic":"gtk"}'
  if [ $rc -eq 0 ] && has "Research Report: gtk" out && has "runs only as a task" err &&
     has "task .*: completed" err; then
    ok "$label: call simulate-research-query runs as a task"
  else not_ok "$label: call simulate-research-query (rc $rc)" "$tmp/out" "$tmp/err"; fi

  cli --elicit '{"interpretation":"programming"}' call --task simulate-research-query \
    '{"topic":"python","ambiguous":true}'
  if [ $rc -eq 0 ] && has "Research Report: python (programming)" out &&
     has "task .*: working… — Gathering sources" err && has "task .*: input required" err &&
     has "task .*: completed" err; then
    ok "$label: call --task simulate-research-query: working, input required, completed"
  else not_ok "$label: call --task simulate-research-query (rc $rc)" "$tmp/out" "$tmp/err"; fi

  cli prompt simple-prompt
  if [ $rc -eq 0 ] && has "This is a simple prompt without arguments." out; then
    ok "$label: prompt simple-prompt"
  else not_ok "$label: prompt simple-prompt (rc $rc)" "$tmp/out" "$tmp/err"; fi
  cli prompt args-prompt '{"city":"Paris","state":"TX"}'
  if [ $rc -eq 0 ] && has "weather in Paris, TX" out; then
    ok "$label: prompt args-prompt"
  else not_ok "$label: prompt args-prompt (rc $rc)" "$tmp/out" "$tmp/err"; fi
  cli prompt completable-prompt '{"department":"Engineering","name":"Alice"}'
  if [ $rc -eq 0 ] && has "promote Alice to the head of the Engineering team" out; then
    ok "$label: prompt completable-prompt"
  else not_ok "$label: prompt completable-prompt (rc $rc)" "$tmp/out" "$tmp/err"; fi
  cli prompt resource-prompt '{"resourceType":"Text","resourceId":"3"}'
  if [ $rc -eq 0 ] && has "\[resource demo://resource/dynamic/text/3\]" out && has "Resource 3:" out; then
    ok "$label: prompt resource-prompt, with its embedded resource"
  else not_ok "$label: prompt resource-prompt (rc $rc)" "$tmp/out" "$tmp/err"; fi

  # Every resource of the first page, read.
  cli --json resources
  uris=$(node -e "const d=JSON.parse(require('fs').readFileSync('$tmp/out','utf8'));
                  console.log(d.resources.map(r => r.uri).join(' '))")
  count=0 failed_uris=""
  for uri in $uris; do
    cli read "$uri"
    count=$((count + 1))
    if [ $rc -ne 0 ] || [ ! -s "$tmp/out" ]; then failed_uris="$failed_uris $uri"; fi
  done
  if [ $count -ge 7 ] && [ -z "$failed_uris" ]; then
    ok "$label: each of the $count resources read"
  else not_ok "$label: resources read: $count, failed:$failed_uris" "$tmp/err"; fi

  # Both templates, filled in: text and blob.
  cli read demo://resource/dynamic/text/1
  a=$rc; cp "$tmp/out" "$tmp/text"
  cli read demo://resource/dynamic/blob/1
  if [ $a -eq 0 ] && grep -q "^Resource 1: This is a plaintext resource" "$tmp/text" && [ $rc -eq 0 ] &&
     has "^\[blob text/plain, [0-9]* bytes\]$" out; then
    ok "$label: both resource templates read"
  else not_ok "$label: templates read (rc $a $rc)" "$tmp/text" "$tmp/out" "$tmp/err"; fi

  # Completions: a template's variable and a prompt's arguments.
  cli complete resource 'demo://resource/dynamic/text/{resourceId}' resourceId 1
  a=$rc; cp "$tmp/out" "$tmp/template"
  cli complete prompt completable-prompt department E
  b=$rc; cp "$tmp/out" "$tmp/department"
  cli complete prompt resource-prompt resourceType B
  if [ $a -eq 0 ] && grep -qx 1 "$tmp/template" && [ $b -eq 0 ] && grep -qx Engineering "$tmp/department" &&
     [ $rc -eq 0 ] && has "^Blob$" out; then
    ok "$label: completions for the template and the prompts"
  else not_ok "$label: completions (rc $a $b $rc)" "$tmp/template" "$tmp/department" "$tmp/out" "$tmp/err"; fi
}
