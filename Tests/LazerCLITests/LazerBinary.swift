import Foundation

/// Runs the built `lazer` executable, which SwiftPM places beside the test bundle.
struct LazerBinary {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    enum Failure: Error, CustomStringConvertible {
        case notBuilt(String)
        case hung([String])

        var description: String {
            switch self {
            case .notBuilt(let path): "the lazer binary was not found at \(path); run `swift build` first"
            case .hung(let arguments):
                "`lazer \(arguments.joined(separator: " "))` was still running after \(Int(hangLimit)) s and was killed"
            }
        }
    }

    /// A run that takes longer has hung (every request the tests send is bounded far below this):
    /// it is killed and reported, so a hang fails one test instead of stalling the whole run.
    static let hangLimit: Double = 120

    /// The directory holding the test bundle and the products built with it.
    static var productsDirectory: URL {
        let bundle = Bundle.main.bundleURL
        return bundle.pathExtension == "xctest" ? bundle.deletingLastPathComponent() : bundle
    }

    /// Runs `lazer` with `arguments` and its stdout on `/dev/full` (every write fails with ENOSPC):
    /// its exit status and stderr.
    static func runToFullDisk(_ arguments: [String], stdin: Data = Data()) throws -> Output {
        let url = productsDirectory.appendingPathComponent("lazer")
        guard FileManager.default.isExecutableFile(atPath: url.path) else { throw Failure.notBuilt(url.path) }
        guard let full = FileHandle(forWritingAtPath: "/dev/full") else { throw Failure.notBuilt("/dev/full") }
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        let input = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = full
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(stdin)
        try input.fileHandleForWriting.close()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, stdout: "", stderr: String(decoding: errorData, as: UTF8.self))
    }

    /// Runs `lazer` with `arguments`, feeding `stdin`, and collects its exit status and output.
    static func run(
        _ arguments: [String], stdin: Data = Data(), environment: [String: String]? = nil,
        currentDirectory: String? = nil
    ) throws -> Output {
        let url = productsDirectory.appendingPathComponent("lazer")
        guard FileManager.default.isExecutableFile(atPath: url.path) else { throw Failure.notBuilt(url.path) }
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let pid = process.processIdentifier
        let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + hangLimit, execute: watchdog)
        defer { watchdog.cancel() }
        input.fileHandleForWriting.write(stdin)
        try input.fileHandleForWriting.close()
        // Read both pipes to the end before waiting, so a large output cannot fill a pipe and stall.
        let group = DispatchGroup()
        nonisolated(unsafe) var errorData = Data()
        DispatchQueue.global().async(group: group) { errorData = errors.fileHandleForReading.readDataToEndOfFile() }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        if process.terminationReason == .uncaughtSignal, process.terminationStatus == SIGKILL {
            throw Failure.hung(arguments)
        }
        return Output(
            status: process.terminationStatus,
            stdout: String(decoding: outputData, as: UTF8.self),
            stderr: String(decoding: errorData, as: UTF8.self)
        )
    }
}
