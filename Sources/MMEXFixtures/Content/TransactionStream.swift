import SQLiteEngine

extension FixtureWorld {
    /// Writes `spec.transactions` transactions in date order, each followed by its splits, share info, links, tag
    /// links, custom field values and attachment rows. Nothing is kept per transaction, so memory does not grow
    /// with the count.
    ///
    /// The first ``pinnedCount`` transactions are pinned to cover every stress case whatever the seed (every
    /// status and code, 0.10, one satoshi, a negative split, cross-currency transfers, `T00:00:00` and plain dates,
    /// a share purchase, an asset purchase, a deleted row...), all in accounts open from the first day; the rest
    /// are drawn.
    func writeTransactions(progress: (Int) -> Void) throws {
        var random = random(.transactions)
        let count = spec.transactions
        let scenarioWeights = Scenario.allCases.map(\.weight)
        for index in 0..<count {
            let permille = Timeline.permille(index: index, of: count)
            var day = timeline.day(index: index, of: count)
            // One entry in seven is booked a few days after it happened.
            if random.chance(perMille: 140) { day = max(timeline.firstDay, day.adding(days: -random.int(in: 1...5))) }
            let secondOfDay = random.int(in: 7 * 3600...22 * 3600)
            var draft = self.draft(Scenario.allCases[random.weightedIndex(scenarioWeights)], permille: permille, day: day,
                                   random: &random)
            var decoration = self.decoration(permille: permille, random: &random)
            if index < FixtureWorld.pinnedCount {
                pin(index, draft: &draft, decoration: &decoration, day: day, random: &random)
            }
            try writeTransaction(draft, decoration, day: day, secondOfDay: secondOfDay, permille: permille, random: &random)
            if (index + 1) % 1000 == 0 { progress(index + 1) }
        }
        progress(count)
    }

    static let pinnedCount = 13

    private func pin(
        _ index: Int, draft: inout TransactionDraft, decoration: inout TransactionDecoration, day: CivilDate,
        random: inout FixtureRandom
    ) {
        let giro = accountIndex(named: "Girokonto")
        let bitcoin = accountIndex(named: "Bitcoin Wallet")
        func set(_ status: String, _ origin: Origin, _ style: DateStyle) {
            decoration.status = status
            decoration.origin = origin
            decoration.dateStyle = style
            decoration.color = origin == .desktop ? -1 : 0
        }
        func reprice(_ amount: Int64) {
            draft.amount = amount
            if let to = draft.toAccount {
                draft.toAmount = convert(amount, from: accounts[draft.account].currency, to: accounts[to].currency, on: day)
            }
        }
        switch index {
        case 0:  // 0.10 EUR, status none, plain date, small id
            draft = purchase(permille: 0, day: day, random: &random, account: giro)
            draft.code = .withdrawal
            draft.category = 10
            reprice(10)
            set("", .desktop, .plain)
        case 1:  // salary, reconciled, T00:00:00, tagged
            draft = TransactionDraft(account: giro, code: .deposit, amount: 320_000, payee: payees.employer,
                                     category: CategoryIndex.salary)
            set("R", .mobile, .midnight)
            decoration.tags = 2
        case 2:  // EUR -> GBP transfer, void
            draft = transfer(permille: 0, day: day, random: &random, from: giro, to: accountIndex(named: "Barclays Current"),
                             cents: 150_000)
            set("V", .desktop, .plain)
        case 3:  // split with a negative part, follow up, with fields, attachment and a tagged split
            draft = split(permille: 0, day: day, random: &random, negativePart: true, account: accountIndex(named: "Visa Card"))
            set("F", .mobile, .withTime)
            decoration.fields = 3
            decoration.attachments = 1
            decoration.tags = 1
            decoration.tagASplit = true
        case 4:  // one satoshi, duplicate
            draft = purchase(permille: 0, day: day, random: &random, account: bitcoin)
            draft.code = .withdrawal
            reprice(1)
            set("D", .mobile, .withTime)
        case 5:  // share purchase
            draft = shareTrade(permille: 0, day: day, random: &random, stock: 0)
            set("R", .desktop, .plain)
        case 6:  // asset purchase
            draft = assetPurchase(day: day, random: &random, asset: 0)
            set("R", .desktop, .plain)
        case 7:  // same-currency transfer (card payment)
            draft = transfer(permille: 0, day: day, random: &random, from: giro, to: accountIndex(named: "Visa Card"),
                             cents: 50_000)
            set("", .mobile, .midnight)
        case 8:  // deleted, with Unicode notes and a time of day
            draft = purchase(permille: 0, day: day, random: &random, account: accountIndex(named: "Wallet"))
            set("", .desktop, .withTime)
            decoration.deleted = true
            decoration.notes = "Ünïcödé ñ ß 漢字 Кириллица العربية"
        case 9:  // BTC -> EUR transfer in satoshis
            draft = transfer(permille: 0, day: day, random: &random, from: bitcoin, to: giro, cents: 1_000)
            reprice(12_345)
            set("R", .mobile, .midnight)
        case 10:  // a large deposit
            draft = TransactionDraft(account: giro, code: .deposit, amount: 123_456_789, payee: payees.refunder,
                                     category: 55)
            set("R", .desktop, .plain)
            decoration.notes = "Erbschaft"
        case 11:  // yen, no decimals
            draft = purchase(permille: 0, day: day, random: &random, account: accountIndex(named: "Yen Cash"))
            draft.code = .withdrawal
            set("", .desktop, .plain)
        default:  // ETH (9 digits) -> BTC (8 digits)
            draft = transfer(permille: 0, day: day, random: &random, from: accountIndex(named: "Ether Wallet"), to: bitcoin,
                             cents: 10_000)
            reprice(123_456_789)
            set("", .mobile, .withTime)
        }
    }

    private func dateText(_ style: DateStyle, day: CivilDate, secondOfDay: Int) -> String {
        switch style {
        case .plain: day.iso
        case .midnight: DateText.dateTime(day, secondOfDay: 0)
        case .withTime: DateText.dateTime(day, secondOfDay: secondOfDay)
        }
    }

    private func writeTransaction(
        _ draft: TransactionDraft, _ decoration: TransactionDecoration, day: CivilDate, secondOfDay: Int, permille: Int,
        random: inout FixtureRandom
    ) throws {
        let origin = decoration.origin
        let digits = currencies[accounts[draft.account].currency].digits
        let id = mintId(.transaction, origin: origin, day: day, secondOfDay: secondOfDay, random: &random)
        let amount = FixedPoint(units: draft.amount, digits: digits).sqlValue
        let updated: SQLiteValue = origin == .desktop && permille < 150 ? .null
            : .text(DateText.dateTime(day.adding(days: random.below(3)), secondOfDay: secondOfDay + random.below(600)))
        let deleted: SQLiteValue = decoration.deleted
            ? .text(DateText.dateTime(day.adding(days: random.int(in: 1...60)), secondOfDay: random.below(86_400)))
            : (origin == .mobile ? .text("") : .null)
        var toAmount: SQLiteValue = origin == .mobile ? .int(0) : amount
        if let to = draft.toAccount, let units = draft.toAmount {
            toAmount = FixedPoint(units: units, digits: currencies[accounts[to].currency].digits).sqlValue
        }
        try sink.insert(.transaction, [
            .int(id), .int(accounts[draft.account].id), .int(draft.toAccount.map { accounts[$0].id } ?? -1),
            .int(draft.payee), .text(draft.code.rawValue), amount, .text(decoration.status),
            .optionalText(decoration.number), .optionalText(decoration.notes), .int(draft.category),
            .text(dateText(decoration.dateStyle, day: day, secondOfDay: secondOfDay)), updated, deleted,
            .int(origin == .desktop ? -1 : 0), toAmount, .int(decoration.color),
        ])
        var firstSplit: Int64?
        for part in draft.splits {
            let splitId = mintId(.split, origin: origin, day: day, secondOfDay: secondOfDay, random: &random)
            firstSplit = firstSplit ?? splitId
            try sink.insert(.split, [
                .int(splitId), .int(id), .int(part.category), FixedPoint(units: part.amount, digits: digits).sqlValue,
                random.chance(perMille: 150) ? .text("Pfand") : (origin == .mobile ? .text("") : .null),
            ])
        }
        if let trade = draft.share { try writeShareTrade(trade, transaction: id, day: day, digits: digits, random: &random) }
        if let asset = draft.asset {
            try sink.insert(.transactionLink, [.int(ids.small(.transactionLink)), .int(id), .text("Asset"), .int(assets[asset].id)])
        }
        for tag in random.distinctIndexes(decoration.tags, below: tagIds.count) {
            try insertTagLink("Transaction", id, tag: tag, origin: origin, day: day, random: &random)
        }
        if decoration.tagASplit, let firstSplit {
            try insertTagLink("TransactionSplit", firstSplit, tag: random.below(tagIds.count), origin: origin, day: day,
                              random: &random)
        }
        for field in random.distinctIndexes(decoration.fields, below: transactionFields.count) {
            try sink.insert(.customFieldData, [
                .int(mintId(.customFieldData, origin: origin, day: day, random: &random)), .int(transactionFields[field].id),
                .int(id), .text(fieldContent(transactionFields[field], day: day, random: &random)),
            ])
        }
        for number in 0..<decoration.attachments {
            try insertAttachment("Transaction", id, number: number + 1, origin: origin, day: day, random: &random)
        }
    }

    private func writeShareTrade(
        _ trade: ShareTrade, transaction: Int64, day: CivilDate, digits: Int, random: inout FixtureRandom
    ) throws {
        try sink.insert(.shareInfo, [
            .int(ids.small(.shareInfo)), .int(transaction), FixedPoint(units: trade.shares, digits: 4).sqlValue,
            FixedPoint(units: trade.price, digits: 4).sqlValue, FixedPoint(units: trade.commission, digits: digits).sqlValue,
            .text(trade.isPurchase ? "Lot " + DateText.month(day) : "FIFO"),
        ])
        try sink.insert(.transactionLink, [
            .int(ids.small(.transactionLink)), .int(transaction), .text("Stock"), .int(stocks[trade.stock].id),
        ])
        let gross = FixedPoint.multiplyDivide(trade.shares, trade.price, 100_000_000 / FixedPoint.scale(digits)) ?? 0
        var stock = stocks[trade.stock]
        if trade.isPurchase {
            stock.cost += gross
            stock.shares += trade.shares
            stock.firstPurchase = stock.firstPurchase ?? day
        } else {
            stock.cost -= FixedPoint.multiplyDivide(stock.cost, trade.shares, stock.shares) ?? 0
            stock.shares -= trade.shares
        }
        stock.commission += trade.commission
        stocks[trade.stock] = stock
    }

    func insertTagLink(
        _ refType: String, _ refId: Int64, tag: Int, origin: Origin, day: CivilDate, random: inout FixtureRandom
    ) throws {
        try sink.insert(.tagLink, [
            .int(mintId(.tagLink, origin: origin, day: day, random: &random)), .text(refType), .int(refId), .int(tagIds[tag]),
        ])
    }
}
