public import Foundation

extension Response where Body == ResponseBody {
    /// The response with its body as bytes in memory (a body on disk is read).
    public func unwrapData() throws(ResponseError) -> Response<Data> {
        replacingBody(try body.data())
    }

    /// The body as text: in `encoding` when given, otherwise in the `Content-Type` charset, otherwise UTF-8.
    public func decodeString(encoding: String.Encoding? = nil) throws -> String {
        try TextDecoding.decode(try body.data(), encoding: encoding, headers: headers)
    }

    /// Decodes the JSON body as `type`; failures are ``SerializationError``s naming the coding path.
    public func decode<Value: Decodable & Sendable>(
        _ type: Value.Type, using decoder: JSONDecoder = JSONDecoder()
    ) throws -> Response<Value> {
        replacingBody(try JSONDecoding.decode(type, from: try body.data(), using: decoder))
    }
}

extension Response where Body == Data {
    /// The body as text: in `encoding` when given, otherwise in the `Content-Type` charset, otherwise UTF-8.
    public func decodeString(encoding: String.Encoding? = nil) throws -> String {
        try TextDecoding.decode(body, encoding: encoding, headers: headers)
    }

    /// Decodes the JSON body as `type`; failures are ``SerializationError``s naming the coding path.
    public func decode<Value: Decodable & Sendable>(
        _ type: Value.Type, using decoder: JSONDecoder = JSONDecoder()
    ) throws -> Response<Value> {
        replacingBody(try JSONDecoding.decode(type, from: body, using: decoder))
    }
}
