import Foundation

/// Looks for a secret (a passphrase or raw key) anywhere a tool could leak it: text it printed, JSON, error
/// descriptions, reflection dumps, files and process argument lists. It looks for the secret's UTF-8 text and the
/// forms code tends to turn bytes into: lower- and upper-case hex, base64, JSON escapes, a decimal byte list (how
/// `dump()` and arrays print `[UInt8]`) and percent-encoding.
public struct SecretScanner: Sendable {
    public let secret: [UInt8]
    /// Every encoded form searched for, with its name.
    public let forms: [(name: String, bytes: [UInt8])]

    public init(_ secret: String) { self.init(bytes: Array(secret.utf8)) }

    public init(bytes secret: [UInt8]) {
        self.secret = secret
        let hex = secret.map { String(format: "%02x", $0) }.joined()
        let escapedJSON = String(decoding: (try? JSONEncoder().encode(String(decoding: secret, as: UTF8.self))) ?? Data(), as: UTF8.self)
            .dropFirst().dropLast()
        var forms: [(String, [UInt8])] = [
            ("text", secret),
            ("hex", Array(hex.utf8)),
            ("HEX", Array(hex.uppercased().utf8)),
            ("base64", Array(Data(secret).base64EncodedString().utf8)),
            ("decimal bytes", Array(secret.map(String.init).joined(separator: ", ").utf8)),
            ("dump() lines", Array(secret.prefix(3).map { "  - \($0)" }.joined(separator: "\n").utf8)),
            ("percent-encoded", Array(secret.map { String(format: "%%%02X", $0) }.joined().utf8)),
        ]
        if escapedJSON.utf8.count != secret.count { forms.append(("JSON-escaped", Array(escapedJSON.utf8))) }
        // Forms shorter than 6 bytes would match by chance.
        self.forms = forms.filter { $0.1.count >= 6 }
    }

    /// The names of the forms found in `bytes`.
    public func findings(in bytes: [UInt8]) -> [String] {
        forms.filter { contains(bytes, $0.bytes) }.map(\.name)
    }

    public func findings(in text: String) -> [String] { findings(in: Array(text.utf8)) }

    /// `PATH: form` for every regular file under `folder` (recursively, links not followed) that holds the secret.
    public func findings(inFolder folder: URL, excluding excluded: Set<String> = []) -> [String] {
        var result: [String] = []
        for (name, entry) in FileTreeSnapshot(folder).entries.sorted(by: { $0.key < $1.key }) where !excluded.contains(name) {
            guard let contents = entry.contents else { continue }
            result += findings(in: [UInt8](contents)).map { "\(name): \($0)" }
        }
        return result
    }

    /// What a value shows through every way Swift prints it: `description`, `debugDescription`, `dump()` and the
    /// mirror's children.
    public func findings(inValue value: Any) -> [String] {
        var dumped = ""
        dump(value, to: &dumped)
        let mirror = Mirror(reflecting: value).children.map { "\($0.label ?? ""): \($0.value)" }.joined(separator: "\n")
        return [
            ("String(describing:)", String(describing: value)), ("String(reflecting:)", String(reflecting: value)),
            ("dump()", dumped), ("mirror children", mirror),
        ].flatMap { label, text in findings(in: text).map { "\(label): \($0)" } }
    }

    private func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        let first = needle[0]
        var index = 0
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first && haystack[index..<index + needle.count].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}
