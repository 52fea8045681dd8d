import Workspace

/// The entry point of every export: picks the format's exporter.
package enum Exporter {
    /// The main file's bytes only (the explorer's Export…, and formats without extra files).
    package static func export(_ input: ExportInput, format: ExportFormat) throws(ExportError) -> [UInt8] {
        try output(input, format: format).bytes
    }

    /// The main file, the files written beside it (Postman environments with
    /// `ExportInput.environmentFiles`) and the report of what the format could not carry.
    package static func output(_ input: ExportInput, format: ExportFormat) throws(ExportError) -> ExportOutput {
        var output: ExportOutput =
            switch format {
            case .curl: CurlExport.output(input)
            case .http:
                ExportOutput(bytes: Array(HTTPFileExport.file(input).utf8), report: HTTPFileExport.report(input))
            case .postman: try PostmanExport.output(input)
            case .har: ExportOutput(bytes: try HARExport.export(input))
            case .locust: try LocustExport.output(input, load: input.load ?? .single)
            case .k6: try K6Export.output(input, load: input.load ?? .single)
            }
        // None of the formats subscribes over graphql-transport-ws: each writes the operation's POST
        // (HAR writes what history recorded).
        for location in input.selection where format != .har {
            guard case .graphql(let graphql) = location.request.body.content, graphql.isSubscription else { continue }
            output.report.add(
                "GraphQL subscription (\(format.rawValue) has no graphql-transport-ws)",
                at: (location.folderPath + [location.request.name]).joined(separator: "/"),
                kept: "written as its POST request object, which a server answers over HTTP if at all")
        }
        // A WebSocket conversation is carried by `.http` (`WEBSOCKET`) alone; Postman says so itself,
        // and curl, k6 and Locust write its upgrade as a plain GET.
        if format == .curl || format.isLoadScript {
            for location in input.selection where location.request.websocket != nil {
                let count = location.request.websocket?.messages.count ?? 0
                output.report.add(
                    "WebSocket request (\(format.rawValue) is written with no WebSocket conversation)",
                    at: (location.folderPath + [location.request.name]).joined(separator: "/"),
                    kept: "written as a GET of its URL"
                        + (count == 0 ? "" : "; its \(count) saved message\(count == 1 ? " is" : "s are") not sent"))
            }
        }
        // Only Postman runs scripts: the other formats say which they leave behind.
        if format != .postman && format != .har {
            let collection = input.document.collection
            for location in input.selection {
                let count = collection.scriptCount(for: location.request, folderPath: location.folderPath)
                guard count > 0 else { continue }
                output.report.add(
                    "\(count) script\(count == 1 ? "" : "s") (\(format.rawValue) runs no JavaScript)",
                    at: (location.folderPath + [location.request.name]).joined(separator: "/"),
                    kept: "left out: the request is written as the collection saves it, before any pre-request script")
            }
        }
        return output
    }
}
