import Foundation
import LegacyDriver
import MMEXFixtures
import ReaderWriterDriver

/// Case 6's memory figure: the peak resident memory of a streamed scan of every transaction of a large fixture
/// (decoded into `AccountTransaction` values one at a time, never kept), per implementation.
///
/// Peak resident memory (`VmHWM`) only ever grows, so a scan measured in the bench process would report whatever
/// the other cases had needed before (a million transactions loaded into an array). Each implementation therefore
/// runs in a child process of its own (`driverport bench --memory-probe NAME --fixture PATH`), which opens the
/// cached fixture read-only, scans it and reports its own peak; nothing else runs in it.
public enum MemoryProbe {
    /// The implementations a probe can run.
    public static let implementations = [RawC.name, DriverSet.legacyName, DriverSet.queueName, DriverSet.poolName]

    /// What a child process reports.
    public struct Report: Sendable, Codable, Equatable {
        public var implementation: String
        public var rows: Int
        public var checksum: Int64
        public var seconds: Double
        /// Resident memory after opening the database, before the scan.
        public var residentBeforeScanBytes: UInt64?
        /// Peak resident memory of the whole child process.
        public var peakResidentBytes: UInt64?
    }

    /// The scan itself, run inside the child process.
    ///
    /// - Throws: ``MemoryProbeError/unknownImplementation(_:)`` for a name not in ``implementations``, and the
    ///   drivers' errors.
    public static func scan(implementation: String, path: String) throws -> Report {
        let clock = ContinuousClock()
        var before: UInt64?
        let start: ContinuousClock.Instant
        let result: (rows: Int, checksum: Int64)
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "memory-probe"
        switch implementation {
        case RawC.name:
            let raw = try RawC(path: path, readOnly: true)
            before = ProcessMemory.residentBytes()
            start = clock.now
            result = try raw.streamTransactions()
        case DriverSet.legacyName:
            let connection = try LegacyDriver.Connection(path, readonly: true)
            defer { connection.close() }
            before = ProcessMemory.residentBytes()
            start = clock.now
            result = try MMEXLegacyWork.stream(connection)
        case DriverSet.queueName:
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            before = ProcessMemory.residentBytes()
            start = clock.now
            result = try queue.read(MMEXReaderWriterWork.stream)
        case DriverSet.poolName:
            let pool = try DatabasePool(path: path, configuration: configuration)
            defer { try? pool.close() }
            before = ProcessMemory.residentBytes()
            start = clock.now
            result = try pool.read(MMEXReaderWriterWork.stream)
        default:
            throw MemoryProbeError.unknownImplementation(implementation)
        }
        let elapsed = clock.now - start
        return Report(
            implementation: implementation, rows: result.rows, checksum: result.checksum,
            seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
            residentBeforeScanBytes: before, peakResidentBytes: ProcessMemory.peakResidentBytes())
    }

    /// Runs every implementation's probe in its own child process of `executable` and reports the results.
    static func run(_ context: BenchContext) throws -> [BenchResult] {
        guard let transactions = context.configuration.memoryProbeTransactions else { return [] }
        guard let executable = context.probeExecutable else {
            context.note("memory probe skipped: no driverport executable to run it in a child process")
            return []
        }
        let path = try context.fixture(transactions: transactions)
        var reports: [Report] = []
        for implementation in implementations {
            context.progress("memory-streamed-scan-\(sizeLabel(transactions)): \(implementation) in a child process")
            reports.append(try runChild(executable: executable, implementation: implementation, path: path))
        }
        let name = "memory-streamed-scan-\(sizeLabel(transactions))"
        let counts = Dictionary(uniqueKeysWithValues: reports.map { ($0.implementation, $0.rows) })
        let checksums = Dictionary(uniqueKeysWithValues: reports.map { ($0.implementation, $0.checksum) })
        if Set(counts.values).count > 1 || Set(checksums.values).count > 1 {
            throw BenchMismatchError(caseName: name, counts: counts, checksums: checksums)
        }
        return reports.map { report in
            var extra: [String: Double] = [:]
            if let peak = report.peakResidentBytes { extra["peakResidentBytes"] = Double(peak) }
            if let before = report.residentBeforeScanBytes { extra["residentBeforeScanBytes"] = Double(before) }
            return BenchResult(
                name: name, family: BenchFamily.memory.rawValue, implementation: report.implementation,
                medianSeconds: report.seconds, rows: report.rows, rounds: 1, extra: extra)
        }
    }

    /// Starts `executable bench --memory-probe NAME --fixture PATH` and decodes the report it prints.
    static func runChild(executable: URL, implementation: String, path: String) throws -> Report {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["bench", "--memory-probe", implementation, "--fixture", path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read both pipes before waiting, so a large output cannot block the child.
        let errorData = ResultBox<Data>()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errorData.set(.success(errors.fileHandleForReading.readDataToEndOfFile()))
            group.leave()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: (try? errorData.get()) ?? Data(), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            throw MemoryProbeError.childFailed(implementation: implementation, status: process.terminationStatus, message: message)
        }
        do {
            return try JSONDecoder().decode(Report.self, from: data)
        } catch {
            throw MemoryProbeError.childFailed(
                implementation: implementation, status: 0, message: "unreadable report: \(String(decoding: data, as: UTF8.self))")
        }
    }
}

/// A memory probe that could not run.
public enum MemoryProbeError: Error, CustomStringConvertible {
    case unknownImplementation(String)
    case childFailed(implementation: String, status: Int32, message: String)

    public var description: String {
        switch self {
        case .unknownImplementation(let name):
            "unknown memory probe implementation '\(name)' (one of: \(MemoryProbe.implementations.joined(separator: ", ")))"
        case .childFailed(let implementation, let status, let message):
            "memory probe child for \(implementation) failed (exit \(status)): \(message)"
        }
    }
}
