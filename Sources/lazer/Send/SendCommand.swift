import ArgumentParser
import CurlTransport
import Dispatch
import Foundation
import Futures
import HTTPCore
import TerminalText

/// `lazer send`: one request from the command line, over the same transport as the explorer.
struct SendCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send one HTTP request and print the response.",
        discussion: """
            The status line goes to stderr (with --include: to stdout, then the headers).
            The body goes to stdout: coloured, pretty-printed JSON on a terminal; the raw
            bytes when piped or with --raw. When no response arrives, a plain-language
            explanation goes to stderr.

            Redirects are followed (up to 10 hops, --max-redirects N), as in the explorer
            and lazer run; --no-follow prints the redirect itself.

            Exit status:
              0  a 1xx, 2xx or 3xx response
              4  a 4xx response
              5  a 5xx response (or a status above 599)
              3  no response (DNS, connection, TLS, timeout, ...)
              2  usage error (a malformed URL, a bad option value, an upload that is not a
                 regular file, a {{name}} no --var gives)
              1  the output could not be written (disk full, closed pipe)
            130  interrupted (Ctrl+C; 143 for SIGTERM, 129 for SIGHUP); no temporary file
                 is left behind

            Examples:
              lazer send https://api.example/users/1
              lazer send POST https://api.example/users --json '{"name":"Ada"}' --timings
              lazer send https://api.example/slow --trace
              lazer send PUT localhost:8080/files/a.bin --data-file a.bin -H 'X-Trace: 1'
              lazer send https://self-signed.test --cacert ca.pem --include
              lazer send https://api.example/old-path --no-follow --include
              lazer send POST localhost:8080/upload -F title=Report -F file=@report.pdf
              lazer send ':8080/orders/{{id}}' --var id=42 -H 'X-Request: {{$uuid}}'
              lazer send ':8080/orders/{{$prompt "Order id"}}' --var 'Order id=42'
              lazer send POST https://api.example/login -d user=ada -c cookies.txt
              lazer send https://api.example/me -b cookies.txt -c cookies.txt
              lazer send https://api.example/me -b 'session=abc; theme=dark'
              lazer send https://api.example/events --max-events 10
              lazer send https://api.example/logs --stream ndjson --stream-json | jq .
              lazer send ws://localhost:8080/chat --message hello --max-messages 1
              lazer send :4000/graphql --graphql user.graphql --variables '{"id": 1}'
              lazer send :4000/graphql --graphql user.graphql --schema schema.graphql
              lazer send :4000/graphql --graphql user.graphql --schema introspect

            GraphQL: --graphql FILE sends the operation in that query document as
            {"query", "variables", "operationName"} (POST; with GET as query parameters),
            asking for application/graphql-response+json. With --schema (SDL, or the JSON
            answer of an introspection query; `introspect`: the endpoint's answer cached
            per user, fetched with the introspection query the first time) the document
            is checked first: a document
            that does not match is not sent; its problems are printed as FILE:LINE:COLUMN:
            message and the exit status is 2.

            Streams: a text/event-stream, application/x-ndjson, application/jsonl or
            application/json-seq response is printed event by event as it arrives:
            time since the request, SSE event name and #id, the data on one line
            (--stream-json: NDJSON of {index, time, event, id, data}); --stream
            FORMAT reads any body so. It ends when the server closes, at --max-events
            or --stream-seconds (exit status as for the response), or with Ctrl+C
            (130). --until CONDITION ends it cleanly once CONDITION holds: count>=N, or a
            check on each event's data ('$.type == "done"', 'text ~ ^bye', '$.n >= 3');
            with --timeout, a condition that did not hold by then exits 3.
            A summary line goes to stderr. --reconnect N: when the server
            closes an SSE stream, connect again (at most N times) after its retry
            time (default 3 s), sending Last-Event-ID; a 204 answer stops.

            WebSocket: a ws:// or wss:// URL connects (GET upgrade with -H headers; wss://
            with the TLS options of HTTPS: --cacert, --cert/--key, -k, --proxy), sends each
            --message as a text message, and prints every message as it goes (↑ sent,
            ↓ received; --stream-json: NDJSON of {index, time, direction, kind, data})
            until the server closes, --max-messages received, --seconds, --until, or
            Ctrl+C, each a clean close (1000). Exit 0 on a normal close, 3 when the
            connection failed or ended abnormally (1006, 1002, 1007…), 4/5 when the
            upgrade was answered 4xx/5xx.
            """
    )

    @Argument(
        help: ArgumentHelp(
            "[METHOD] URL: the method (GET, or POST with a body) and the URL.", valueName: "method-and-url"))
    var target: [String]

    @Option(name: [.customShort("H"), .customLong("header")], help: "A request header, 'Name: value' (repeatable).")
    var headers: [String] = []

    @Option(
        name: [.customShort("d"), .customLong("data")],
        help: "A body sent as given (form-urlencoded unless -H sets a Content-Type).")
    var data: String?

    @Option(name: .customLong("json"), help: "A JSON body (checked; Content-Type and Accept: application/json).")
    var json: String?

    @Option(name: .customLong("data-file"), help: "A file streamed as the body.")
    var dataFile: String?

    @Option(
        name: [.customShort("F"), .customLong("form")],
        help: "A multipart field: k=v, or k=@path for a file; ;type= and ;filename= as curl (repeatable).")
    var form: [String] = []

    @Option(
        name: .customLong("timeout"), parsing: .unconditional, help: "Give up after this many seconds (whole exchange)."
    )
    var timeout: Double?

    @Option(
        name: .customLong("var"),
        help:
            "Fill {{NAME}} in the URL, headers and body, NAME=VALUE, or answer a {{$prompt \"Label\"}}, 'Label=VALUE' (repeatable)."
    )
    var variables: [String] = []

    @Flag(name: [.customShort("k"), .customLong("insecure")], help: "Do not verify the server's TLS certificate.")
    var insecure = false

    @Option(name: .customLong("cacert"), help: "Trust the CA certificates in this PEM file.")
    var caCert: String?

    @Option(
        name: [.customShort("E"), .customLong("cert")],
        help: "Present this client certificate (PEM) to a server that asks for one (HTTPS, wss://).")
    var clientCert: String?

    @Option(name: .customLong("key"), help: "The client certificate's private key (PEM), when not in --cert's file.")
    var clientKey: String?

    @Option(
        name: .customLong("proxy"),
        help: "Use this proxy (http://, https://, socks5://, socks5h://); default: $https_proxy etc.")
    var proxy: String?

    @Option(
        name: .customLong("proxy-cacert"), help: "Trust the CA certificates in this PEM file for an https:// proxy.")
    var proxyCACert: String?

    @Flag(name: .customLong("http2"), help: "Ask for HTTP/2 (ALPN over TLS).")
    var http2 = false

    @Flag(
        name: [.customShort("L"), .customLong("follow")],
        help: "Follow redirects (the default; kept for curl habits).")
    var follow = false

    @Flag(name: .customLong("no-follow"), help: "Do not follow redirects: print the 3xx response itself.")
    var noFollow = false

    @Option(
        name: .customLong("max-redirects"),
        help: "Follow at most this many redirects (0–100, default 10); one more fails as too many redirects.")
    var maxRedirects: Int?

    @Option(
        name: [.customShort("b"), .customLong("cookie")],
        help: ArgumentHelp(
            "Send cookies: 'name=value; n2=v2' as written, or a Netscape cookie FILE (as curl -b; repeatable).",
            valueName: "DATA|FILE"))
    var cookies: [String] = []

    @Option(
        name: [.customShort("c"), .customLong("cookie-jar")],
        help: ArgumentHelp(
            "Write every cookie after the exchange (redirects included) to FILE, as curl -c ('-': stdout).",
            valueName: "FILE"), completion: .file())
    var cookieJar: String?

    @Flag(name: .customLong("timings"), help: "Print where the time went (to stderr).")
    var timings = false

    @Flag(
        name: .customLong("trace"),
        help: "Print each stage to stderr as it happens (resolve, connect, TLS, head, body…), then a waterfall.")
    var trace = false

    @Flag(
        name: [.customShort("i"), .customLong("include")], help: "Print the status line and headers before the body.")
    var include = false

    @Option(name: [.customShort("o"), .customLong("output")], help: "Write the body to this file instead of stdout.")
    var output: String?

    @Flag(name: .customLong("raw"), help: "Print the body's bytes as received, even on a terminal.")
    var raw = false

    @Option(
        name: .customLong("stream"),
        help: ArgumentHelp(
            "Read the body as a stream of events whatever its Content-Type: sse, ndjson or json-seq.",
            valueName: "FORMAT"))
    var streamFormat: StreamFormat?

    @Flag(name: .customLong("stream-json"), help: "Print a stream's events as NDJSON: {index, time, event, id, data}.")
    var streamJSON = false

    @Option(
        name: .customLong("join"),
        help: ArgumentHelp(
            "Print only the text this JSONPath selects in each event or received message, joined as it arrives.",
            valueName: "JSONPATH"))
    var join: String?

    @Option(name: .customLong("max-events"), help: "End a stream after this many events.")
    var maxEvents: Int?

    @Option(
        name: .customLong("until"),
        help: ArgumentHelp(
            "End a stream or WebSocket cleanly once this holds: count>=N, or a check on each event's data "
                + "($.type == \"done\", text ~ REGEX); with --timeout, not holding by then exits 3.",
            valueName: "CONDITION"))
    var until: String?

    @Option(
        name: .customLong("reconnect"),
        help: "Reconnect a closed SSE stream up to N times, sending Last-Event-ID (after its retry time).")
    var reconnect: Int?

    @Option(
        name: .customLong("stream-seconds"), parsing: .unconditional,
        help: "End a stream after this many seconds (a clean end, unlike --timeout).")
    var streamSeconds: Double?

    @Option(
        name: .customLong("message"),
        help: "A text message to send once a WebSocket (ws://) is open (repeatable, in order).")
    var messages: [String] = []

    @Option(name: .customLong("max-messages"), help: "Close a WebSocket after this many messages received.")
    var maxMessages: Int?

    @Flag(
        name: .customLong("no-compression"),
        help: "Do not offer permessage-deflate when opening a WebSocket (messages travel as the server frames them).")
    var noCompression = false

    @Option(
        name: .customLong("seconds"), parsing: .unconditional,
        help: "Close a WebSocket this many seconds after it opened.")
    var seconds: Double?

    @Option(
        name: .customLong("graphql"),
        help: ArgumentHelp("Send the GraphQL operation in this query document.", valueName: "FILE"),
        completion: .file())
    var graphql: String?

    @Option(
        name: .customLong("variables"),
        help: ArgumentHelp("The GraphQL variables: a JSON object, or @FILE.", valueName: "JSON|@FILE"))
    var graphqlVariables: String?

    @Option(name: .customLong("operation"), help: "The GraphQL operation to run (of several in the document).")
    var operation: String?

    @Option(
        name: .customLong("connection-init"),
        help: ArgumentHelp(
            "A GraphQL subscription's connection_init payload: a JSON object, or @FILE.", valueName: "JSON|@FILE"))
    var connectionInit: String?

    @Option(
        name: .customLong("schema"),
        help: ArgumentHelp(
            "Check the GraphQL document against this schema first (SDL or introspection JSON; introspect: the endpoint's).",
            valueName: "FILE"),
        completion: .file())
    var schema: String?

    func validate() throws {
        if join != nil, streamJSON { throw ValidationError("--join and --stream-json: choose one") }
        _ = try SendJoin.parse(join)
        let subscription = try SendWebSocket.subscription(self)
        if SendWebSocket.isWebSocket(target), graphql != nil, subscription == nil {
            throw ValidationError("a GraphQL query or mutation goes over HTTP: give an http:// or https:// URL.")
        }
        if connectionInit != nil, subscription == nil {
            throw ValidationError("--connection-init is for a GraphQL subscription (--graphql FILE).")
        }
        if SendWebSocket.isWebSocket(target) || subscription != nil {
            _ = try SendWebSocket(command: self).request()
            return
        }
        if !messages.isEmpty || maxMessages != nil || seconds != nil || noCompression {
            throw ValidationError("--message, --max-messages, --seconds and --no-compression are for ws:// URLs")
        }
        if graphql == nil, graphqlVariables != nil || operation != nil || schema != nil {
            throw ValidationError("--variables, --operation and --schema go with --graphql FILE.")
        }
        _ = try SendRequestBuilder(command: self).request()
        if let maxEvents, maxEvents < 1 { throw ValidationError("--max-events must be at least 1") }
        if let reconnect, !(0...1000).contains(reconnect) { throw ValidationError("--reconnect takes 0 to 1000") }
        _ = try SendUntil.parse(until)
        if let streamSeconds, !(streamSeconds > 0 && streamSeconds <= 31_536_000) {
            throw ValidationError("--stream-seconds must be a number of seconds above 0")
        }
    }

    func run() throws {
        let subscription = try SendWebSocket.subscription(self)
        if SendWebSocket.isWebSocket(target), subscription == nil {
            try SendWebSocket(command: self).run()
            return
        }
        if let subscription, schema == nil {
            try SendWebSocket(command: self).run(subscription: subscription)
            return
        }
        var request = try SendRequestBuilder(command: self).request()
        if let graphql, let schema {
            let document = try SendGraphQL(command: self, path: graphql)
            let problems =
                schema == "introspect"
                ? try document.problems(introspecting: request) : try document.problems(schemaPath: schema)
            if !problems.isEmpty {
                FileBytes.writeError(
                    "lazer send: \(TerminalText.line(graphql)) does not match the schema; nothing was sent.\n"
                        + problems.joined(separator: "\n") + "\n")
                throw ExitCode(2)
            }
        }
        if let subscription {
            try SendWebSocket(command: self).run(subscription: subscription)
            return
        }
        if trace { request.exchangeObserver = SendTrace() }
        let streamPrinter = SendStreamPrinter(json: streamJSON, join: try SendJoin.parse(join))
        let untilMet = UntilWatch(try SendUntil.parse(until))
        let stream = output == nil ? makeStream(streamPrinter, until: untilMet) : nil
        request.responseStream = stream
        let jar: CookieJar?
        do {
            jar = try cookieJarForRequest(&request)
        } catch {
            FileBytes.writeError("lazer send: \(TerminalText.line(error.message))\n")
            throw ExitCode(2)
        }
        let dispatcher = CurlDispatcher(
            configuration: .init(scheduler: ImmediateScheduler(), userAgent: "lazer/\(LazerVersion.current)"))
        // Join the network thread before the process exits: libcurl must not run during exit's cleanup.
        defer { dispatcher.shutdown() }
        // --reconnect: a stream the server closed is asked again from the last event ID it gave.
        let outputFile = output.map(SendOutputFile.init)
        let future =
            if let outputFile {
                dispatcher.downloadFuture(from: request, to: URL(fileURLWithPath: outputFile.downloadPath))
            } else {
                StreamReconnection.future(of: request, attempts: reconnect ?? 0, scheduler: dispatcher.scheduler) {
                    dispatcher.dataFuture(from: $0)
                }
            }
        let interrupt = SendInterrupt()
        interrupt.waiting { future.cancel() }
        let result = Self.wait(for: future)
        if let outputFile {
            if case .success = result, !interrupt.interrupted {
                if let reason = outputFile.commit() {
                    FileBytes.writeError("lazer send: cannot write \(TerminalText.line(outputFile.path)): \(reason)\n")
                    throw ExitCode(1)
                }
            } else {
                outputFile.discard()
            }
        }
        if let cookieJar, let jar {
            do {
                try CookieFiles.write(jar, to: cookieJar)
            } catch {
                FileBytes.writeError("lazer send: \(TerminalText.line(error.message))\n")
            }
        }
        var printer = SendPrinter(include: include, raw: raw, timings: timings, output: output)
        // A body that spilled to a temporary file (not the --output file) is removed however
        // printing ends; SIGINT while printing removes it too (SendInterrupt).
        let temporaryFile: String? =
            if output == nil, case .success(let response) = result, case .file(let url, _) = response.body {
                url.path
            } else {
                nil
            }
        defer { if let temporaryFile { unlink(temporaryFile) } }
        guard interrupt.beginPrinting(temporaryFile: temporaryFile) else {
            FileBytes.writeError("lazer send: interrupted\n")
            throw ExitCode(interrupt.exitStatus)
        }
        switch result {
        case .success(let response) where stream?.format != nil || streamPrinter.count > 0:
            try streamPrinter.checkSucceeded()
            if let stream {
                printer.printStreamEnd(response, stream: stream, events: streamPrinter.count, until: untilMet.met)
            }
            if let until = untilMet.until, !untilMet.met, (200..<300).contains(response.statusCode.rawValue) {
                FileBytes.writeError(TerminalText.line("lazer send: --until '\(until.text)' did not hold") + "\n")
                throw ExitCode(3)
            }
            throw ExitCode(Self.exitStatus(for: response.statusCode))
        case .success(let response):
            try printer.print(response)
            throw ExitCode(Self.exitStatus(for: response.statusCode))
        case .failure(let error):
            printer.printFailure(error, request: request)
            // A URL the transport cannot parse is the caller's mistake too, like a RequestError —
            // unless it is a redirect's target (libcurl says so), which came from the server: 3.
            let transportError = error as? TransportError
            let badURL =
                transportError?.reason == .malformedURL
                && transportError?.message.localizedCaseInsensitiveContains("redirect") == false
            throw ExitCode(error is RequestError || badURL ? 2 : 3)
        }
    }

    /// The response's stream, over every connection of `--reconnect` (`StreamReconnection`): its
    /// events printed as they come, `--max-events` and `--until` counting over all of them.
    private func makeStream(_ printer: SendStreamPrinter, until: UntilWatch) -> ResponseStream {
        let stopper = StreamStopper()
        let stream = ResponseStream(
            mode: streamFormat.map { .always($0) } ?? .automatic, maxEvents: maxEvents,
            maxDuration: streamSeconds.map { .milliseconds(Int64($0 * 1000)) }
        ) { batch in
            // `--until`: the event that makes it hold is the last printed, and the stream stops.
            guard let cut = until.cut(batch, before: printer.count) else { return printer.print(batch) }
            if !cut.isEmpty { printer.print(cut) }
            stopper.stop()
        }
        stopper.stream = stream
        return stream
    }

    /// The jar `-b FILE` and `-c` ask for (nil without either: the request keeps no cookies), and
    /// `-b 'name=value'` strings added to the request's own `Cookie` header, as curl sends them.
    private func cookieJarForRequest(_ request: inout HTTPRequest) throws(CookieFiles.Failure) -> CookieJar? {
        var jar: CookieJar? = cookieJar == nil ? nil : CookieJar()
        var literal: [String] = []
        for argument in cookies {
            if argument.contains("=") {
                literal.append(argument)
            } else {
                let read = try CookieFiles.read(argument) ?? CookieJar()
                if let existing = jar { read.cookies.forEach { existing.put($0) } } else { jar = read }
            }
        }
        if !literal.isEmpty {
            let own = request.headers.values(for: "Cookie") + literal
            request.headers.remove(name: "Cookie")
            request.headers.add(name: "Cookie", value: own.joined(separator: "; "))
        }
        request.options.cookieJar = jar
        return jar
    }

    /// 0 for 1xx–3xx, 4 for 4xx, 5 for 5xx (and anything above).
    static func exitStatus(for status: StatusCode) -> Int32 {
        switch status.rawValue {
        case ..<400: 0
        case 400..<500: 4
        default: 5
        }
    }

    /// Sends `future` and blocks this (main) thread until it settles; the request's own timeout bounds it.
    static func wait(for future: ResponseFuture<Response<ResponseBody>>) -> Result<
        Response<ResponseBody>, any Error
    > {
        let outcome = SendOutcome<Response<ResponseBody>>()
        let done = DispatchSemaphore(value: 0)
        _ = future.result { result in
            outcome.store(result)
            done.signal()
        }
        _ = future.send()
        done.wait()
        return outcome.load() ?? .failure(CancellationError())
    }
}
