# SPDX-License-Identifier: GPL-2.0-or-later
# Reading the mails the test servers received (the triage-loop suites):
# a header, the attachments' names, the text parts decoded. Python's email
# package (Debian's python3) parses them, not kbug. Sourced after lib.sh.

# mail_header FILE NAME: a header's value, unfolded ("" when absent)
mail_header() {
	"$PYTHON" - "$1" "$2" <<'PY'
import email, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
v = m.get(sys.argv[2])
print(" ".join(str(v).split()) if v is not None else "")
PY
}

# mail_parts FILE: the file names of the message's parts, one a line
mail_parts() {
	"$PYTHON" - "$1" <<'PY'
import email, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
for p in m.walk():
    if p.get_filename():
        print(p.get_filename())
PY
}

# mail_text FILE: the text parts that are not attachments, decoded
# (quoted-printable may wrap long lines)
mail_text() {
	"$PYTHON" - "$1" <<'PY'
import email, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
for p in m.walk():
    if p.get_content_type() == "text/plain" and not p.get_filename():
        sys.stdout.write(p.get_payload(decode=True).decode("utf-8", "replace"))
PY
}
