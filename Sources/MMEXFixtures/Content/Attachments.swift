import SQLiteEngine

private let attachmentDescriptions = ["Receipt", "Invoice", "Kassenbon", "", "Garantie – Seite 1", "Scan 📎"]
private let attachmentExtensions = ["pdf", "jpg", "png", "PDF", "heic"]

extension FixtureWorld {
    /// An ATTACHMENT_V1 row named the way desktop names the files it copies (`Transaction_12_Attach1.pdf`).
    func insertAttachment(
        _ refType: String, _ refId: Int64, number: Int, origin: Origin, day: CivilDate, random: inout FixtureRandom
    ) throws {
        let description = random.pick(attachmentDescriptions)
        try sink.insert(.attachment, [
            .int(mintId(.attachment, origin: origin, day: day, random: &random)), .text(refType), .int(refId),
            description.isEmpty && origin == .desktop ? .null : .text(description),
            .text("\(refType)_\(refId)_Attach\(number).\(random.pick(attachmentExtensions))"),
        ])
    }

    /// Attachments on the other things MMEX attaches files to: accounts, stocks, assets and payees.
    func writeReferenceAttachments() throws {
        var random = random(.attachments)
        let day = Timeline.lastDay
        try insertAttachment("BankAccount", accounts[accountIndex(named: "Girokonto")].id, number: 1, origin: .desktop,
                             day: day, random: &random)
        try insertAttachment("BankAccount", accounts[accountIndex(named: "Car Loan")].id, number: 1, origin: .mobile,
                             day: day, random: &random)
        try insertAttachment("Stock", stocks[0].id, number: 1, origin: .desktop, day: day, random: &random)
        try insertAttachment("Asset", assets[0].id, number: 1, origin: .desktop, day: day, random: &random)
        try insertAttachment("Asset", assets[0].id, number: 2, origin: .desktop, day: day, random: &random)
        try insertAttachment("Payee", payees.ids[0], number: 1, origin: .mobile, day: day, random: &random)
    }
}
