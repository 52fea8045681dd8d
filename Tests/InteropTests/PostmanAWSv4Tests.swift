import Foundation
import HTTPCore
import Interop
import Testing
import Workspace

/// Postman's `awsv4` auth (issue 26) at the collection, folder and request level becomes Lazer's
/// `aws-sigv4`, inheritance kept; exported, it is `awsv4` again.
@Suite struct PostmanAWSv4Tests {
    static let collection = """
        {
          "info": {"_postman_id": "aws", "name": "AWS APIs", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
          "auth": {"type": "awsv4", "awsv4": [
            {"key": "accessKey", "value": "{{accessKey}}", "type": "string"},
            {"key": "secretKey", "value": "{{secretKey}}", "type": "string"},
            {"key": "region", "value": "eu-west-1", "type": "string"},
            {"key": "service", "value": "execute-api", "type": "string"}]},
          "variable": [{"key": "accessKey", "value": "AKIDEXAMPLE"}, {"key": "secretKey", "value": "", "type": "secret"}],
          "item": [
            {"name": "Buckets", "auth": {"type": "awsv4", "awsv4": [
                {"key": "accessKey", "value": "{{accessKey}}"}, {"key": "secretKey", "value": "{{secretKey}}"},
                {"key": "sessionToken", "value": "{{sessionToken}}"}, {"key": "service", "value": "s3"}]},
             "item": [{"name": "List", "request": {"method": "GET", "url": "https://bucket.s3.amazonaws.com/?list-type=2"}}]},
            {"name": "Invoke", "request": {"method": "POST", "url": "https://api.example.com/prod/run",
             "body": {"mode": "raw", "raw": "{}"}}},
            {"name": "Presigned", "request": {"method": "GET", "url": "https://api.example.com/prod/file",
             "auth": {"type": "awsv4", "awsv4": [{"key": "accessKey", "value": "AK"}, {"key": "secretKey", "value": "{{secretKey}}"},
               {"key": "region", "value": "us-west-2"}, {"key": "service", "value": "execute-api"},
               {"key": "addAuthDataToQuery", "value": true}]}}},
            {"name": "Open", "request": {"method": "GET", "url": "https://api.example.com/health", "auth": {"type": "noauth"}}}
          ]
        }
        """

    func imported() throws -> ImportResult {
        try PostmanImport.importCollection(
            Fixtures.source(Self.collection, name: "aws.postman_collection.json"), options: ImportOptions())
    }

    @Test func collectionFolderAndRequestLevelAWSv4BecomeAWSSigV4() throws {
        let result = try imported()
        let collection = result.collection
        func auth(_ name: String) throws -> SavedAuth {
            let request = try #require(collection.allRequests.first { $0.request.name == name }?.request)
            return collection.authInForce(for: request).auth
        }
        #expect(
            try auth("Invoke")
                == SavedAuth(
                    .awsSigV4(
                        AWSSigV4Auth(
                            accessKeyID: "{{accessKey}}", secretAccessKey: "{{secretKey}}", region: "eu-west-1",
                            service: "execute-api"))))
        #expect(
            try auth("List")
                == SavedAuth(
                    .awsSigV4(
                        AWSSigV4Auth(
                            accessKeyID: "{{accessKey}}", secretAccessKey: "{{secretKey}}",
                            sessionToken: "{{sessionToken}}", region: "us-east-1", service: "s3"))))
        guard case .awsSigV4(let presigned) = try auth("Presigned").scheme else {
            Issue.record("Presigned is not aws-sigv4")
            return
        }
        #expect(presigned.region == "us-west-2")
        #expect(try auth("Open") == SavedAuth(.none))
        #expect(result.report.items.contains { $0.what.contains("presigned URL") })
        #expect(
            !result.report.items.contains { $0.what.contains("AWS Signature v4") && $0.kept == "sent without auth" })
    }

    @Test func theImportMatchesItsGoldenFile() throws {
        try FormatsGoldenTests().check(imported(), golden: "postman-awsv4.json")
    }

    @Test func exportedAsAWSv4AndImportedBackTheSame() throws {
        let collection = try imported().collection
        let output = try PostmanExport.output(
            ExportInput(
                document: CollectionDocument(
                    path: "/tmp/aws.json", collection: collection, fingerprint: FileFingerprint(size: 0, hash: 0))))
        let text = String(decoding: output.bytes, as: UTF8.self)
        #expect(text.contains("\"type\": \"awsv4\""))
        #expect(!text.contains("aws-sigv4"))
        let again = try PostmanImport.importCollection(
            ImportSource(name: "again.postman_collection.json", bytes: output.bytes, baseFolder: "/tmp"),
            options: ImportOptions()
        ).collection
        for entry in collection.allRequests {
            let back = try #require(again.allRequests.first { $0.request.name == entry.request.name }?.request)
            #expect(
                again.authInForce(for: back).auth == collection.authInForce(for: entry.request).auth,
                "\(entry.request.name)")
        }
    }
}
