import Foundation

/// This process's resident memory, from `/proc/self/status` (Linux). `nil` where that file does not exist.
public enum ProcessMemory {
    /// The peak resident set size so far (`VmHWM`), in bytes.
    public static func peakResidentBytes() -> UInt64? { statusValue("VmHWM") }

    /// The current resident set size (`VmRSS`), in bytes.
    public static func residentBytes() -> UInt64? { statusValue("VmRSS") }

    /// A `Name:   1234 kB` line of `/proc/self/status`, in bytes.
    static func statusValue(_ name: String) -> UInt64? {
        guard let data = FileManager.default.contents(atPath: "/proc/self/status") else { return nil }
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where line.hasPrefix(name + ":") {
            let fields = line.dropFirst(name.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let number = fields.first.flatMap({ UInt64($0) }) else { return nil }
            let unit = fields.dropFirst().first.map(String.init) ?? ""
            return unit == "kB" ? number * 1024 : number
        }
        return nil
    }
}
