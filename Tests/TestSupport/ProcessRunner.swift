import Foundation

/// Runs the built `driverport` binary as a child process, the way a user or a script would.
public enum DriverPortBinary {
    /// The binary built beside the test bundle.
    public static var url: URL { builtExecutable("driverport") }

    /// `driverport` with the commands' test hooks set from its leading arguments (`Tests/DriverPortTestHooks`):
    /// `[--kill-at POINT] [--stop-at POINT] [--pause-at POINT] [--delay-ms N] COMMAND [ARGUMENTS]`, where POINT is a
    /// rekey step (`copying`, `verifying`, `replacing`), a relocation step (`decided`, `mainMoved`, ...) or an
    /// upgrade phase (`backup`, `applied:N`, `committed:N`, `verified`).
    public static var withTestHooks: URL { builtExecutable("driverport-test-hooks") }

    /// An executable product of this package, built beside the test bundle.
    public static func builtExecutable(_ name: String) -> URL {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent(name),
            SharedData.repositoryRoot.appendingPathComponent(".build/debug/\(name)"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[2]
    }

    /// What a run produced.
    public struct Result: Sendable {
        public let exitCode: Int32
        public let standardOutput: String
        public let standardError: String
        /// The process died of a signal (a crash or a trap), and `exitCode` is the signal number.
        public var crashed: Bool = false
    }

    /// Runs `driverport ARGUMENTS` (or another `executable`) with an optional environment addition and standard input.
    public static func run(
        _ arguments: [String], environment: [String: String] = [:], input: Data? = nil, timeout: TimeInterval = 120,
        executable: URL? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable ?? url
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let out = Pipe()
        let err = Pipe()
        let stdin = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(input) }
        try stdin.fileHandleForWriting.close()
        // Read both pipes while the child runs so a large output cannot block it.
        let outData = LockedData()
        let errData = LockedData()
        let group = DispatchGroup()
        for (pipe, sink) in [(out, outData), (err, errData)] {
            group.enter()
            DispatchQueue.global().async {
                sink.set(pipe.fileHandleForReading.readDataToEndOfFile())
                group.leave()
            }
        }
        if group.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            throw TimeoutError(arguments: arguments)
        }
        process.waitUntilExit()
        return Result(
            exitCode: process.terminationStatus,
            standardOutput: String(decoding: outData.get(), as: UTF8.self),
            standardError: String(decoding: errData.get(), as: UTF8.self),
            crashed: process.terminationReason == .uncaughtSignal
        )
    }

    public struct TimeoutError: Error { public let arguments: [String] }
}

/// Bytes written by one thread and read by another.
final class LockedData: @unchecked Sendable {
    // @unchecked: `lock` guards `data`.
    private let lock = NSLock()
    private var data = Data()
    func set(_ value: Data) { lock.withLock { data = value } }
    func get() -> Data { lock.withLock { data } }
}
