import Foundation

/// Everything one `driverport bench` run measured, with the facts needed to read it: the JSON document, and what
/// the text and Markdown reports are rendered from.
public struct BenchDocument: Sendable, Codable, Equatable {
    /// The command line that ran (`driverport bench --out bench.json`).
    public var command: String
    /// `full`, `quick` or `custom`.
    public var mode: String
    /// `release` or `debug` (a debug build's figures say little).
    public var build: String
    /// When the run started (ISO 8601 with the local offset).
    public var date: String
    public var machine: MachineFacts
    /// Engine versions by engine name (`system`, `sqlcipher`).
    public var engines: [String: String]
    /// Wall-clock time of the whole run, fixture making included.
    public var totalSeconds: Double
    /// One object per case and implementation.
    public var results: [BenchResult]
    /// The goals, checked against `results`.
    public var goals: [GoalCheck]
    /// Cases skipped and other remarks.
    public var notes: [String]

    public init(
        command: String, mode: String, build: String, date: String, machine: MachineFacts, engines: [String: String],
        totalSeconds: Double, results: [BenchResult], goals: [GoalCheck], notes: [String]
    ) {
        self.command = command
        self.mode = mode
        self.build = build
        self.date = date
        self.machine = machine
        self.engines = engines
        self.totalSeconds = totalSeconds
        self.results = results
        self.goals = goals
        self.notes = notes
    }

    /// Encodes the document as pretty JSON with sorted keys.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// Decodes a document written by ``jsonData()``.
    public static func decode(_ data: Data) throws -> BenchDocument {
        try JSONDecoder().decode(BenchDocument.self, from: data)
    }
}

/// The machine a run measured on, read from Linux's `/proc`.
public struct MachineFacts: Sendable, Codable, Equatable {
    /// Processors available to the process.
    public var processors: Int
    /// `model name` from `/proc/cpuinfo`.
    public var cpuModel: String
    /// The 1, 5 and 15 minute load averages (`/proc/loadavg`) when the run started and when it ended: with more
    /// runnable processes than processors, other work was competing for the CPU.
    public var loadAverageAtStart: [Double]
    public var loadAverageAtEnd: [Double]
    public var memoryBytes: UInt64
    public var operatingSystem: String

    public init(
        processors: Int, cpuModel: String, loadAverageAtStart: [Double], loadAverageAtEnd: [Double],
        memoryBytes: UInt64, operatingSystem: String
    ) {
        self.processors = processors
        self.cpuModel = cpuModel
        self.loadAverageAtStart = loadAverageAtStart
        self.loadAverageAtEnd = loadAverageAtEnd
        self.memoryBytes = memoryBytes
        self.operatingSystem = operatingSystem
    }

    /// The current load averages (empty where `/proc/loadavg` does not exist).
    public static func loadAverage() -> [Double] {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return [] }
        return text.split(separator: " ").prefix(3).compactMap { Double($0) }
    }

    /// The CPU's model name (`unknown` where `/proc/cpuinfo` does not say).
    public static func cpuModel() -> String {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown" }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            if let colon = line.firstIndex(of: ":") {
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return "unknown"
    }

    /// The facts now, with `start` as the load average at the start.
    static func current(loadAverageAtStart start: [Double]) -> MachineFacts {
        MachineFacts(
            processors: ProcessInfo.processInfo.activeProcessorCount, cpuModel: cpuModel(),
            loadAverageAtStart: start, loadAverageAtEnd: loadAverage(),
            memoryBytes: ProcessInfo.processInfo.physicalMemory,
            operatingSystem: ProcessInfo.processInfo.operatingSystemVersionString)
    }
}
