import Foundation
import Interop
import Testing
import Workspace

/// A snapshot expectation in a Postman export: Postman cannot run it (the report says it is a
/// snapshot file, not a JSONPath), and importing the export back gives it back unchanged.
struct PostmanSnapshotTests {
    @Test func aSnapshotCheckIsReportedAndComesBackOnImport() throws {
        let snapshot = Expectation(
            subject: .snapshot(
                SnapshotOptions(ignore: ["$..id"], keys: [SnapshotOptions.ArrayKey(path: "$.items", key: "id")])),
            op: .equals)
        let collection = RequestCollection(
            id: "snap", name: "Snap",
            requests: [
                SavedRequest(
                    id: "r", name: "List", url: "https://api.test/items",
                    expectations: [Expectation(subject: .status, op: .equals, value: .integer(200)), snapshot])
            ])
        let output = try PostmanExport.output(ExportInput(document: PostmanExportTests.document(collection)))
        #expect(
            output.report.items.map(\.description) == [
                "List: expectation on snapshot: a snapshot file Postman cannot read "
                    + "(not run by Postman; kept in the script for a Lazer import)"
            ])
        let back = try PostmanImport.importCollection(
            ImportSource(name: "snap.json", bytes: output.bytes, baseFolder: "/tmp"), options: ImportOptions())
        #expect(back.collection.allRequests.first?.request.expectations == collection.requests[0].expectations)
    }
}
