import Foundation

/// Runs the repository's `.ci/` scripts from the tests, and says why when one cannot run here.
enum PackageScripts {
    /// The repository's root folder (Tests/PackageTests/PackageScripts.swift, two folders up).
    static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    /// What a script run produced.
    struct Run: Sendable {
        let exitCode: Int32
        let output: String
        let seconds: Double
    }

    /// The first executable named `name` on PATH, or nil.
    static func executableOnPath(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").lazy
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs `.ci/NAME ARGUMENTS` from the repository root; standard output and error come back together.
    static func run(_ name: String, _ arguments: [String] = []) throws -> Run {
        let process = Process()
        process.executableURL = repositoryRoot.appendingPathComponent(".ci/\(name)")
        process.arguments = arguments
        process.currentDirectoryURL = repositoryRoot
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let start = Date()
        try process.run()
        // Read until the script closes its end, so a long output cannot block it; then collect its status.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            exitCode: process.terminationStatus, output: String(decoding: data, as: UTF8.self),
            seconds: Date().timeIntervalSince(start)
        )
    }
}
