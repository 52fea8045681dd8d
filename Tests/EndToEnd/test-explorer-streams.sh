# A Server-Sent Events stream in the explorer against a live server on 127.0.0.1
# (explorer_server.py /events, one event every 0.7 s): the events appear one by one while the
# response is open, the status line says it streams, k selects an older event and shows its data
# as JSON, End follows again, J joins each event's $.n into a growing text, / finds an event by its
# data, | keeps the events a JSONPath selects, Esc stops the stream (the server sees the client go) and keeps what came.
# Then 15,000 events at once (/many): more than the view keeps in memory; Home goes to the first,
# read back from the spill file, PgDn pages through them, / finds an event only the spill file
# holds, and | keeps matches from the spill file as rows.
# Last, /feed closes after every two events: with `stream.reconnect` the explorer connects again
# from the last event ID (the server logs it) until the 204, one list of six events.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/explorer-lib.sh"

LOG="$E2E_DIR/server.log"
touch "$LOG"
required "the server starts" start_server sse
mkdir -p "$E2E_DIR/streams"
cat >"$E2E_DIR/streams/streams.json" <<EOF2
{
  "formatVersion": 1,
  "id": "e2e-explorer-streams",
  "name": "Streams",
  "defaultEnvironment": "local",
  "requests": [
    {"id": "events", "name": "Ticks", "method": "GET", "url": "/events"},
    {"id": "many", "name": "Many", "method": "GET", "url": "/many"},
    {"id": "feed", "name": "Feed", "method": "GET", "url": "/feed", "stream": {"reconnect": 5},
     "expectations": [{"subject": "events", "op": "equals", "value": 6}]}
  ],
  "environments": [
    {"name": "local", "kind": "live", "baseURL": "http://127.0.0.1:$PORT"}
  ]
}
EOF2

explorer streams "$E2E_DIR/streams" tui streams.json
required "start: the request appears" wait_for streams "GET   Ticks"
keys streams g g
keys streams Enter
required "open: Enter opens it" wait_for streams "Request · Ticks"
keys streams F5
required "live: the first event arrives while the response is open" wait_for streams "[^0-9,]1 event · "
check "live: the status line says it streams" wait_for streams "● streaming"
check "live: the event is listed with its name and id" wait_for streams 'tick  #0  \{"n": 0, "server": "sse"\}'
check "live: a second event arrives later" wait_for streams "2 events · "
check "live: then a third" wait_for streams "3 events · "
check "live: the newest is followed" wait_for streams "following · Esc stops"
keys streams g 3
keys streams k k
check "select: k stops following" wait_for streams "paused · End follows"
check "select: the selected event's data is shown as JSON" wait_for streams '"server": "sse"'
keys streams End
check "select: End follows again" wait_for streams "following · Esc stops"
keys streams J
check "join: J asks for the JSONPath" wait_for streams "Join the text of each event at"
literal streams '$.n'
keys streams Enter
check "join: the joined view names its path" wait_for streams '─ joined \$\.n · [0-9]+ events'
check "join: its text grows while the stream runs" wait_for streams '01234'
keys streams /
literal streams '"n": 2,'
keys streams Enter
check "search: / selects the event that holds the text" wait_for streams '─ event 3 · tick · id 2'
check "search: the header counts the matches" wait_for streams '/"n": 2,: 1 \(n/N\)'
literal streams '|'
literal streams '$[?@.n < 2]'
keys streams Enter
check "filter: | keeps the events the JSONPath selects" wait_for streams '\| \$\[\?@\.n < 2\]: 2 shown'
literal streams '|'
keys streams C-a BSpace Enter
check "filter: empty shows every event again" wait_gone streams ' shown · '
keys streams End
check "search: End follows again, the joined text back" wait_for streams '─ joined'
keys streams Escape
check "stop: Esc stops the stream" wait_for streams "· stopped"
check "stop: the server saw the client go" wait_file "$LOG" "sse events client-closed after"
check "stop: the response stays, its tab counts the events" wait_for streams "Stream [0-9]+"
check "stop: the status is the stream's 200" wait_for streams " 200 OK "

# The collection's row was folded when Ticks opened: unfold it, then Many is above the last row.
keys streams g 1
keys streams g g
keys streams Right
keys streams G
keys streams k
keys streams Enter
required "many: the second request opens" wait_for streams "Request · Many"
keys streams F5
required "many: every event is counted" wait_for streams "15,000 events · "
check "many: the older ones are on disk" wait_for streams "oldest [0-9,]+ on disk"
keys streams g 3
keys streams Home
check "many: Home shows the very first event, read back" wait_for streams '─ event 1 · tick · id 0'
check "many: its data" wait_for streams '"n": 0'
keys streams PgDn
check "many: PgDn pages on through the events on disk" wait_for streams '─ event [0-9]+ · tick · id [1-9][0-9]*'
keys streams End
check "many: End follows the newest again" wait_for streams 'id 14999'
# / over the events on disk too: only event 42's data holds `"n": 42}`, long out of memory.
keys streams /
literal streams '"n": 42}'
keys streams Enter
check "many: / finds an event only the spill file holds" wait_for streams '─ event 43 · tick · id 42'
check "many: and counts it" wait_for streams '/"n": 42}: 1'
# | over the events on disk too: events 7 and 4,000 are long out of memory, 14,000 is still in it.
keys streams '|'
literal streams '$[?@.n == 7 || @.n == 4000 || @.n == 14000]'
keys streams Enter
check "many: | keeps a match only the spill file holds" wait_for streams 'tick  #7  \{"n": 7\}'
keys streams Home
check "many: Home selects it" wait_for streams '─ event 8 · tick · id 7'
keys streams j
check "many: the next row is the next match, read back" wait_for streams '─ event 4001 · tick · id 4000'
keys streams j
check "many: then the one in memory" wait_for streams '─ event 14001 · tick · id 14000'

# The list's last row is Feed (a pause after Esc, or Esc and g read as Alt+g).
keys streams Escape
sleep 0.3
keys streams g 1
keys streams G
required "feed: its row is selected" wait_for streams "4/4"
keys streams Enter
required "feed: the third request opens" wait_for streams "Request · Feed"
keys streams F5
required "feed: the first connection's events" wait_for streams "2 events · "
check "feed: the server closed it, the explorer connected again" wait_for streams "reconnected 1×"
check "feed: from the last event ID it had" wait_file "$LOG" "sse feed from 2"
check "feed: until the 204, one list" wait_for streams "6 events · closed by the server · .*reconnected 3×"
check "feed: its check reads every connection's events" wait_for streams "Checks ✓1"
finish
