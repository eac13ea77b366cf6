import SQLiteEngine

extension FixtureWorld {
    /// How many scheduled transactions a fixture of this size gets (8, growing slowly, at most 200).
    var scheduledCount: Int { min(8 + spec.transactions / 5000, 200) }

    /// Scheduled transactions (BILLSDEPOSITS_V1) with their splits (BUDGETSPLITTRANSACTIONS_V1), tag links, custom
    /// field values and attachments. REPEATS is the MMEX encoding: 100 * auto-execute mode (0 none, 1 manual,
    /// 2 silent) + repeat type (0 once ... 16 monthly on the last business day).
    func writeScheduledTransactions() throws {
        var random = random(.scheduled)
        for index in 0..<scheduledCount {
            let permille = 600 + index * 400 / scheduledCount
            let day = timeline.day(permille: permille)
            var draft: TransactionDraft
            switch index {
            case 0: draft = TransactionDraft(account: accountIndex(named: "Girokonto"), code: .withdrawal, amount: 125_000,
                                             payee: payees.ids[20], category: 6)
            case 1: draft = transfer(permille: permille, day: day, random: &random, from: accountIndex(named: "Girokonto"),
                                     to: accountIndex(named: "Chase Checking"), cents: 20_000)
            case 2: draft = split(permille: permille, day: day, random: &random, negativePart: true)
            case 3: draft = income(permille: permille, day: day, random: &random)
            default:
                draft = self.draft([.purchase, .income, .transfer, .split][random.weightedIndex([60, 15, 15, 10])],
                                   permille: permille, day: day, random: &random)
            }
            var decoration = decoration(permille: permille, random: &random)
            if index < 4 { decoration.tags = index % 2 + 1 }
            if index == 2 { decoration.tagASplit = true }
            try writeScheduled(draft, decoration, day: day, index: index, random: &random)
        }
    }

    private func writeScheduled(
        _ draft: TransactionDraft, _ decoration: TransactionDecoration, day: CivilDate, index: Int,
        random: inout FixtureRandom
    ) throws {
        let origin = decoration.origin
        let digits = currencies[accounts[draft.account].currency].digits
        let id = mintId(.scheduled, origin: origin, day: day, random: &random)
        scheduledIds.append(id)
        let repeatType = index == 0 ? 3 : [0, 1, 2, 3, 3, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16][random.below(19)]
        let auto = index == 0 ? 2 : random.weightedIndex([70, 20, 10])
        let occurrences: Int64 = [11, 12, 13, 14].contains(repeatType) ? Int64(random.int(in: 2...30))
            : (random.chance(perMille: 200) ? Int64(random.int(in: 1...24)) : -1)
        let next = Timeline.lastDay.adding(days: random.int(in: -20...180))
        let amount = FixedPoint(units: draft.amount, digits: digits).sqlValue
        var toAmount: SQLiteValue = origin == .mobile ? .int(0) : amount
        if let to = draft.toAccount, let units = draft.toAmount {
            toAmount = FixedPoint(units: units, digits: currencies[accounts[to].currency].digits).sqlValue
        }
        let date = decoration.dateStyle == .plain ? day.iso : DateText.dateTime(day, secondOfDay: 0)
        try sink.insert(.scheduled, [
            .int(id), .int(accounts[draft.account].id), .int(draft.toAccount.map { accounts[$0].id } ?? -1),
            .int(draft.payee), .text(draft.code.rawValue), amount, .text(decoration.status == "V" ? "" : decoration.status),
            .optionalText(decoration.number), .optionalText(decoration.notes), .int(draft.category), .text(date),
            .int(origin == .desktop ? -1 : 0), toAmount, .int(auto * 100 + repeatType), .text(next.iso), .int(occurrences),
            .int(decoration.color),
        ])
        var firstSplit: Int64?
        for part in draft.splits {
            let splitId = mintId(.scheduledSplit, origin: origin, day: day, random: &random)
            firstSplit = firstSplit ?? splitId
            try sink.insert(.scheduledSplit, [
                .int(splitId), .int(id), .int(part.category), FixedPoint(units: part.amount, digits: digits).sqlValue,
                origin == .mobile ? .text("") : .null,
            ])
        }
        for tag in random.distinctIndexes(decoration.tags, below: tagIds.count) {
            try insertTagLink("RecurringTransaction", id, tag: tag, origin: origin, day: day, random: &random)
        }
        if decoration.tagASplit, let firstSplit {
            try insertTagLink("RecurringTransactionSplit", firstSplit, tag: random.below(tagIds.count), origin: origin,
                              day: day, random: &random)
        }
        for field in random.distinctIndexes(index < 2 ? index + 1 : decoration.fields, below: scheduledFields.count) {
            try sink.insert(.customFieldData, [
                .int(mintId(.customFieldData, origin: origin, day: day, random: &random)), .int(scheduledFields[field].id),
                .int(id), .text(fieldContent(scheduledFields[field], day: day, random: &random)),
            ])
        }
        if index == 0 || decoration.attachments > 0 {
            try insertAttachment("RecurringTransaction", id, number: 1, origin: origin, day: day, random: &random)
        }
    }
}
