import Explorer

/// The prose of docs/keymap.md around the generated tables (see `KeymapGuide`).
enum KeymapGuideProse {
    static func title(_ context: KeyContext) -> String {
        switch context {
        case .global: "everywhere, also while typing"
        case .outside: "anywhere no text field has the keyboard"
        case .collections: "the collections pane"
        case .request: "the request pane"
        case .table: "the Params, Headers, form and multipart tables"
        case .completion: "the completion list under a field being typed in"
        case .response: "the response pane, every tab"
        case .tree: "the Tree tab"
        case .graphqlErrors: "the GraphQL errors list above the tree"
        case .raw: "the Raw tab"
        case .runner: "the Runner view"
        case .diff: "the Diff view"
        case .load: "the Load view"
        }
    }

    static func introduction(_ context: KeyContext) -> String? {
        switch context {
        case .global:
            """
            Ctrl, Alt and function keys, which never type a character, so they also work in text fields;
            and `tab` / `shift+tab`, which in a text field finish the edit first. In a table cell being
            edited `tab` moves to the row's other cell instead (`shift+tab` still moves to the previous pane).
            """
        case .outside:
            "Plain characters that would otherwise type: they work in every pane while nothing is being typed."
        case .collections: "The tree of collections → folders → requests."
        case .request:
            """
            The method and URL line and the tabs (Params, Headers, Body, Auth, Options, Checks, Notes). The
            tables add the `table` keys below; the URL, the text tabs and the forms also take keys of their
            own, listed under [Request tabs](#request-tabs-keys-outside-the-keymap).
            """
        case .table:
            """
            While the Params or Headers table, or the table of a form or multipart body, has the keyboard
            (and no cell is being edited), these come before the `request` keys; `enter`/`i`
            (`request.edit`) edits the selected cell. `table.up` from the top row goes to the URL; in
            Params, `table.down` past the last query row goes to the path parameters (when the URL has
            any), `table.up` from their top back to the query.
            """
        case .completion:
            """
            While typing `{{` in the URL, the body, a table cell or a form line, the list offers the
            variables in scope (captured, the environment's, the collection's, `$LAZER_VAR_…`, the names
            requests capture, the dynamic `$uuid`…), each with where it comes from; in the Headers table's
            name column, header names; in its value column, common values of `Content-Type`, `Accept`,
            `Authorization`, `Accept-Encoding` and `Cache-Control`. In a GraphQL query, `ctrl+space`
            (`body.graphqlComplete`) opens what the schema says fits at the cursor (fields with their
            types, arguments, enum values, types after `on`, variables after `$`), the chosen one's
            description under it; a character that ends the name closes it. These keys come first while it is open;
            `esc` closes it (the field keeps the keyboard), typing narrows it, and any other key closes it.
            """
        case .response: "Tabs: Tree, Raw, Headers, Timeline, Checks, Console (what the scripts wrote), History."
        case .tree: "Besides the `response` keys above (move, page, top, bottom, tabs, retry)."
        case .graphqlErrors:
            """
            A GraphQL answer with `errors` lists them above the tree, one a line: the message, the `path`
            (`at user.secret`), the first of the `locations` (`query 4:5`) and the `extensions` as JSON; the
            line above says whether `data` came too (a partial success) or not. `e` in the tree gives the list
            the keyboard (`e` or `esc` gives it back); these keys come first then. With the mouse on, a click
            on an error goes to its node.
            """
        case .raw:
            "Besides the `response` keys above. With wrap off, `left`/`right` (`h`/`l`) scroll the text or the "
                + "pretty-printed JSON sideways (each step a quarter of the way gone, 40 columns at least); "
                + "a line cut at either end shows …."
        case .runner:
            """
            While the Runner view is on screen (after `R` in the collections pane, the palette's "Run …", or
            `F8`), it takes the keys instead of the panes: these, and the `global` keys (F-keys, `ctrl`,
            `alt`: `F8` hides it, `F1` shows these keys, `ctrl+q` quits); `esc` hides it too. `enter` opens
            the request under the cursor — the view hides, the request is selected and the run's exchange
            opens in the response views (from history, as the History tab opens one, with the run's checks;
            `esc` returns to the latest); a request that was not sent shows why. `c` cancels the request in
            flight (the rest are reported skipped); `r` works once the run is over. With the mouse on, a
            click selects the request row under it (a check or error line under a request selects that
            request), a click on the selected request opens it (as `enter`; so does a double click), and
            the wheel moves the selection three requests.
            """
        case .diff:
            """
            `m` in the response pane's History tab marks the entry under the cursor; `m` on another entry
            compares the two response bodies (the older on the left) in the Diff view, over the panes: both
            trees side by side, changed values in one colour, removed ones on the left, added ones on the
            right, every unchanged subtree folded to one line (`▸`; unfolded: `▾`). In the `alt+h` history
            browser `ctrl+d` marks entries the same way (letters type the search there). The view takes the
            keys instead of the panes: these, and the `global` keys; `esc` closes it too, and the palette's
            "Show or hide the Diff view" shows it again. With the mouse on, the wheel scrolls.
            """
        case .load:
            """
            While the Load view is on screen (after `L` in the collections pane or the palette's "Load test
            …"), it takes the keys instead of the panes: these, and the `global` keys. In its form, typing
            goes to the field with the cursor (Rate, Duration, Virtual users, Thresholds: the texts of
            `lazer load`'s options), which edits as the URL bar does (`left`/`right`, `home`/`end`,
            `delete`, word moves; a long text scrolls), `tab`/`shift+tab` and `up`/`down` move between
            fields and `enter` starts. While the test runs, `s` or `esc` stops it (requests in flight finish and count) and `q`
            hides the view (`L` shows it again); once it is over, `r` opens the form again and `esc` closes.
            """
        }
    }

    static let opening = """
        # Keys and the keymap file

        <!-- Generated from the command table (Sources/Explorer/Commands) by
             Tests/DocumentationTests/KeymapGuide.swift: edit those, then run
             LAZER_WRITE_DOCS=1 swift test --filter KeymapGuideTests -->

        Every command of the explorer is a case of one typed table (`ExplorerCommand` in
        `Sources/Explorer/Commands`): its id (the name a keymap file uses), its wording (the palette's
        title and the help line), whether the palette offers it, and its default keys per context. The
        keymap, the command palette, the help overlay (`F1`, `?`: the focused pane's keys, then the
        global ones), the status bar's hints and this page are all made from it, so they always match
        what the keys do.

        ## The explorer's keys

        Each binding belongs to a **context**: `global` keys work everywhere, `outside` keys wherever no
        text field has the keyboard, and a pane's keys only while that pane has the focus (the Tree and
        Raw tabs add theirs to the response pane's, the tables theirs to the request pane's); while the
        Runner view covers the panes, its `runner` keys replace the pane and `outside` ones. Keys are
        written as in keymap files (see [Writing keys](#writing-keys)).

        """

    static let escape = """

        ### Esc

        Esc is not in the table (it is not rebindable); it does the first of these that applies:

        1. With a dialog open (help, palette, environments, variables, a prompt, the quit, conflict,
           draft-recovery or mock-route question), it closes the dialog; in a question that is "cancel".
        2. With the completion list open, it closes the list (the field keeps the keyboard).
        3. While typing, it leaves the text field: URL, body and notes edits stay (they are drafts), a
           table cell being edited goes back to its old text (a row just added goes away again), the
           collections filter stops taking keys (and keeps its text), the tree's search or JSONPath
           prompt closes.
        4. With the selected request in flight, it cancels it (like `F6`): the transfer really stops.
        5. In the collections pane, it clears the filter.

        """

    static let closing = #"""

        ### Request tabs: keys outside the keymap

        The request pane's widgets take these keys before the keymap does:

        - **URL** (`ctrl+l` or `u`): type to edit; `enter` sends and ends the edit (as any send from a field does: `F5` in the body editor too, so the next `g 3` or `[` is a command again); `down` goes
          to the tab below; `esc` leaves it. `up` or `k` from the top of a tab only chooses the URL line
          (highlighted, nothing typed): `enter` or `i` edits it, `down` or `j` goes back, other keys stay commands.
        - **Params, Headers, form and multipart tables**: moving between rows, switching column and the
          row commands (add, delete, switch on/off, edit the cell) are the `table` keys above. A row
          with a name is entered on its value, one without on its name (each row on its own: the
          column chosen on one is not carried to the next); `left` and `right` choose. While a
          cell is being edited (it is filled in the selection colour, and the status line names it),
          `enter` keeps the edit, `esc` drops it (and takes away a row just added) and `tab` moves
          the edit to the row's other cell. Path parameters are the URL's
          `:name` segments: editing the cell there edits the value (the name column is not entered),
          adding a row there adds a query row (and says so), deleting removes nothing.
        - **Body and Notes**: `enter` or `i` edits the text (JSON and text bodies; other kinds are edited
          in the collection file or with `alt+e`); `up` or `k` goes to the URL. The body's text area is a
          code editor: `tab` indents (to the next stop of two spaces), `enter` keeps the line's
          indentation (one level more after `{` or `[`; between `{}` the `}` moves to its own line), and
          `shift+tab` or `esc` leave it. A GraphQL body has two: the query and, under it, its variables
          (JSON); `alt+v` (or a click on them) moves between them, and while the query is typed in the
          line under the body describes the name under the cursor.
        - **Auth, Options and Checks**: `up`/`k` and `down`/`j` scroll; `up` at the top goes to the URL;
          on a `‹ choice ›` (scheme, redirects, TLS, HTTP version) `left`/`right` (or `h`/`l`) change it
          (elsewhere they switch tabs).
        - **Scripts** (`alt+8`): the pre-request script over the test script (JavaScript, run in a
          sandbox at the next send once the file's scripts are trusted). `up`/`k` and `down`/`j`
          choose one (`up` from the pre-request script goes to the URL), `enter` or `i` types into it
          (a code editor, as the body's; `esc` leaves it), `alt+e` opens it in `$EDITOR` as a `.js`
          file. Its syntax is checked after each change: `✓ parses`, or `✗ line N: …` beside its
          title. The line under them names the collection's and folders' scripts that also run.

        ### Text fields and dialogs

        - Text fields (URL, body, notes, table cells, filters, prompts) take the editing keys listed under
          [Text fields](#text-fields) whatever the keymap says; only `global` keys (Ctrl, Alt, F-keys)
          still run commands, and `tab` / `shift+tab` finish the edit and move to the next pane (in a
          table cell `tab` moves to the row's other cell instead; in the body's text area `tab` indents
          and `shift+tab` finishes the edit).
        - The collections filter (`/`): type to filter; `enter` keeps the filter and opens the selected
          match in the request pane; `up`/`down` keep it, return to the rows and move.
        - The tree's search (`/`) and JSONPath filter (`|`): type, `enter` runs it (an empty filter shows
          the whole tree again).
        - A stream (SSE, NDJSON, WebSocket) in the Tree tab: `up`/`down`/`k`/`j` select an event and stop
          following the newest, `pgup`/`pgdn` page, `home` (or `g g`) goes to the very first event (the
          view keeps the newest 10,000 in memory; older ones are read back from the stream's spill file as
          you reach them, `…` until they are), `end` (or `G`) follows again, `esc` stops the stream; `enter` opens the
          selected event (else the newest) as a JSON tree with the tree's keys (folds, `/`, `y`), `esc`
          returns to the stream, which goes on meanwhile; `/` searches the
          events' data, names and ids (case ignored; `enter` selects the newest match at or before the
          event on screen, `n` a later one, `N` an earlier one; the events on disk are searched too, on a
          worker: `3+…` in the header until they answer); `|` keeps only the events a JSONPath
          selects something in, those on disk too (`12+… shown` until the spill file answered; `$.error`; a path that starts with a filter tests each event itself:
          `$[?@.type == 'delta']`; empty: every event), new ones too; `J` names the JSONPath whose text every
          event adds to the joined view (`$.choices[0].delta.content`: a streamed answer read as prose),
          shown below the list while following; it is the request's `stream.join`, kept when saved. A
          past stream opened from the History tab is shown the same way, from the body history kept.
        - Help, variables (`F4`) and collection problems: `j`/`k`, arrows, `space`, `pgup`/`pgdn` scroll
          (the bottom border says which lines are shown when they do not all fit: `1–20 of 67 ↓ j/k`);
          `esc`, `enter`, `q`, `F1` or `?` close (`F4` closes the variables too); in the variables, `x`
          forgets the values captured for the collection's environment (they are kept across restarts), and
          `e` edits the collection's variables.
        - Command palette: type to narrow, `up`/`down` choose, `enter` runs, `esc` closes.
        - Environment manager (`F2`): `up`/`down` (or `j`/`k`) choose, `enter` selects, `esc` or `F2` closes;
          `a` add, `r` rename, `c` copy, `d` delete (asks), `e` edit, `m` a mock's routes, `v` the collection's
          variables, `ctrl+s` save, `X` revert. The editor (and `e` in `F4`): `up`/`down` rows, `left`/`right`
          the name or the value cell (`tab` the other one), `enter` types it (again: keeps it; `esc` drops it), `a` add,
          `d` delete, `s` secret or not; `esc` back. Routes: `enter` shows the answer, `d` deletes (asks).
        - Questions: `alt+` a button's letter chooses it: quitting with unsaved edits `alt+s` save all,
          `alt+d` discard, `esc` cancel; drafts found after a crash `alt+r` restore, `alt+d` discard; a
          collection changed on disk `alt+k` keep mine, `alt+t` take theirs, `alt+d` show the difference
          (`esc` there goes back to the question); saving a response as a mock route the environment
          already has (`M`) `alt+r` replace its answer, `alt+k` keep both (a sequence: the old answer,
          then the new), `esc` cancel; saving over a read-only collection file `alt+r` replace it (it
          stays read-only), `alt+c` or `esc` cancel; a credential typed as itself into the Auth tab `alt+y`
          keep it as a secret (its value in the secrets file, the field `{{name}}`), `alt+e` another
          name, `alt+n` leave it; `ctrl+s` about to write one in clear `alt+s` save anyway, `alt+m`
          make it a secret and save, `alt+c` or `esc` cancel. Or `left`/`right`/`up`/`down`/`tab` highlight a button (none is
          highlighted when the question opens) and `enter` chooses it. Bare letters answer nothing, and
          neither does any key in the question's first half second (it was typed before the question
          could be seen); a question that comes on its own (changed on disk, drafts found) waits while a
          text field has the keyboard.
        - A send stopped by unresolved variables: `enter` jumps to the first one, `esc` closes.
        - A long string opened from the tree: `y` copies it; `esc`, `enter` or `q` close it.
        - `ctrl+z` suspends Lazer (back with `fg`), except in a text field, where it undoes. `ctrl+c`
          does not quit: outside a text field it says that `ctrl+q` does.
        - Below 60×16 the screen says it is too small; only `q` and `ctrl+q` work until it grows.

        ## The toolkit's standard keys

        `Keymap.standard` (the `TUI` module) is the starting table of `lazer ui-demo`. Arrow keys and
        vim-style keys both work wherever they make sense.

        | action | keys | does |
        |---|---|---|
        | `nav.up` / `nav.down` | `up`, `k` / `down`, `j` | move |
        | `nav.left` / `nav.right` | `left`, `h` / `right`, `l` | collapse or go to parent / expand or open |
        | `nav.pageUp` / `nav.pageDown` | `pgup`, `ctrl+b` / `pgdn`, `ctrl+f` | page |
        | `nav.top` / `nav.bottom` | `home`, `g g` / `end`, `G` | jump to the first / last row |
        | `search.start` | `/` | search or filter |
        | `search.next` / `search.previous` | `n` / `N` | next / previous match |
        | `focus.next` / `focus.previous` | `tab` / `shift+tab` | move between panes |
        | `app.palette` | `ctrl+p`, `:` | command palette |
        | `app.help` | `?`, `F1` | help overlay |
        | `app.theme` | `ctrl+t` | next colour theme |
        | `app.quit` | `q`, `ctrl+c` | quit |

        ### Text fields

        Text fields use the usual editing keys whatever the keymap says: arrows, `shift`+arrows to
        select, `ctrl`/`alt`+`left`/`right` (and `alt+b`/`alt+f`) by word, `home`/`end`, `ctrl+a` select
        all, `ctrl+z` undo, `ctrl+y` or `ctrl+shift+z` redo, `ctrl+w` / `alt+backspace` delete a word,
        and bracketed paste.

        ## Writing keys

        A key is modifiers joined with `+` before a key name: `ctrl+s`, `alt+enter`, `ctrl+shift+up`,
        `F5`. Names: a single character (`a`, `G`, `/`, `?`), `space`, `enter`, `tab`, `shift+tab`,
        `backspace`, `esc`, `up`, `down`, `left`, `right`, `home`, `end`, `pgup`, `pgdn`, `insert`,
        `delete`, `F1`…`F24`. A sequence is keys separated by spaces: `g g`.

        `lazer ui-demo` adds its own actions to the toolkit's table: `t` (and `ctrl+t`) next theme,
        `1`/`2` pages, `m` mouse reporting, `e` edit in `$EDITOR`, `p` show in `$PAGER`, `y` copy; its
        help overlay (`?`), command palette (`:`) and status bar are generated from it.

        ## Overriding keys

        A user keymap file (read with `Keymap.applyOverrides(fromFile:)`; a missing file is not an
        error; a file over 1 MiB, a FIFO or a device is refused with a problem, never waited for)
        replaces the keys of the commands it names. A command takes at most 16 keys (the rest are
        reported and dropped), and a control or format character (DEL, ESC, U+202E …) is not a key.
        Lazer reads `$XDG_CONFIG_HOME/lazer/keymap.json` (`~/.config/lazer/keymap.json` when
        `XDG_CONFIG_HOME` is unset); `lazer --keymap FILE` and `lazer ui-demo --keymap FILE` read
        another file. Problems in it are shown at startup (the explorer as error notices, `ui-demo` in a
        dialog). Commands are named by their ids, as in the tables above. A command that appears in
        more than one context (`nav.up`, `app.palette`, …) is changed only where it first appears in
        those tables (`nav.up`: the collections pane; the file format has no way yet to name a
        context).

        ```json
        {
          "bindings": {
            "app.quit": ["ctrl+q"],
            "app.help": ["h", "F1"],
            "nav.top": "g g"
          }
        }
        ```

        Your keys win. If a key you bind belonged to another command in the same context, it is taken
        from that command and the change is reported:

        ```
        keymap.json:4:5: "h" was bound to nav.left; it now runs app.help
        ```

        An id the table does not know is an error with its file, line and column, and the nearest id
        when one is close (`keymap.json:3:5: unknown action "request.sned"; did you mean
        "request.send"?`); so are keys that do not parse, and remaining conflicts (two commands on one
        key, or a key that hides a longer sequence, such as `g` and `g g`). A file that is not valid
        JSON changes nothing.

        """#
}
