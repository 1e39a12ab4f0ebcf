/** Line-item column vocabulary (header labels) in the languages invoices come in; not tied to any vendor. */

export type ColumnKind = "text" | "number" | "integer";

export type ColumnConcept = { key: string; kind: ColumnKind; cues: string[]; labels: string[] };

export const COLUMN_CONCEPTS: ColumnConcept[] = [
  { key: "position", kind: "integer", cues: ["position", "pos", "line number", "line no"], labels: ["pos", "position", "pos nr", "lfd nr", "line", "#", "nr", "no", "n", "ln", "no.", "n°", "nº", "lfd", "posizione", "posicion", "ligne", "regel", "riga", "linea", "line no", "lp", "l.p", "rivi"] },
  {
    key: "item_code",
    kind: "text",
    cues: ["item code", "sku", "article number", "product code", "item number", "part number", "code"],
    labels: ["item code", "code", "sku", "art nr", "art.nr", "artikelnummer", "artikel nr", "artikelnr", "art-nr", "art.-nr", "product code", "product id", "item no", "item number", "part no", "ref", "reference", "référence", "reference article", "artikelcode", "internal reference", "material", "mat nr", "art-nr-lieferant", "art-nr-lief", "art-nr", "artikel-nr", "art nr lief", "lieferanten artikelnummer", "unsere art nr", "product no", "item #", "art-nr-kunde", "artikelnummer kunde", "ihre art nr", "code article", "code produit", "ref article", "ref produit", "codice", "codice articolo", "cod art", "cod", "codigo", "codigo articulo", "codigo producto", "referencia", "ref articulo", "productcode", "artikelcode", "bestelnummer", "bestelnr", "article code", "article no", "product number", "produktnr", "produkt nr", "produktnummer", "kod", "kód zboží", "katalogové číslo", "código", "cod produto", "kode", "kode barang", "品番", "商品コード", "貨號", "编号", "編號"],
  },
  {
    key: "description",
    kind: "text",
    cues: ["description", "item", "product", "name", "designation", "service"],
    labels: ["description", "name", "item name", "service name", "type of work", "beschreibung", "bezeichnung", "artikelbeschreibung", "artikelbezeichnung", "leistung", "leistungsbeschreibung", "artikel", "produkt", "product", "produit", "produits", "item", "items", "omschrijving", "beschrijving", "designation", "désignation", "libelle", "libellé", "article", "service", "services", "text", "details", "particulars", "warenbezeichnung", "descripcion", "descrizione", "product name", "item description", "artikel omschrijving", "descripcion", "concepto", "producto", "descrizione", "denominazione", "prodotto", "prestation", "prestations", "dienst", "diensten", "omschrijving artikel", "description article", "articulo", "articolo", "nazwa", "nazwa towaru", "nazwa towaru lub uslugi", "towar", "tuote", "tuote/palvelu", "tuote / palvelu", "kuvaus", "nimike", "selite", "označení", "označení dodávky", "název", "název zboží", "popis", "položka", "descrição", "descricao", "produto", "serviço", "servico", "barang", "nama barang", "deskripsi", "keterangan", "uraian", "詳細", "品名", "品目", "内容", "摘要", "項目", "说明", "說明", "名稱", "名称", "描述", "beskrivelse", "varebeskrivelse", "beskrivning", "benämning", "tên dịch vụ", "tên hàng", "tên hàng hóa", "tên sản phẩm", "sản phẩm", "mặt hàng", "наименование", "наименование товара", "товар", "товары", "товары (работы, услуги)", "услуги", "работы"],
  },
  {
    key: "quantity",
    kind: "number",
    cues: ["quantity", "qty", "amount of units", "count"],
    labels: ["qty", "quantity", "days", "number of days", "no of days", "menge", "anzahl", "aantal", "qte", "qté", "quantite", "quantité", "cantidad", "quantita", "units", "stk", "stück", "pcs", "hours", "hrs", "std", "menge stk", "aantal stuks", "no of units", "cant", "uds", "unidades", "quantita", "qta", "q.ta", "qty.", "anz", "nombre", "aant", "hoeveelheid", "ilość", "ilosc", "kpl", "määrä", "lkm", "množství", "počet", "quantidade", "qtd", "qtde", "kuantitas", "banyaknya", "数量", "數量", "stunden", "anzahl stunden", "std.", "antal", "antall", "mængde", "số lượng", "кол-во", "количество"],
  },
  { key: "unit", kind: "text", cues: ["unit of measure", "uom", "unit"], labels: ["unit", "units of measure", "uom", "einheit", "me", "mengeneinheit", "meng einheit", "unite", "unité", "u.", "eenheid", "unidad", "ud", "um", "u.m.", "udm", "unita", "unita di misura", "unite de mesure", "maateenheid", "einh", "jedn", "jedn. miary", "j.m.", "yksikkö", "mj", "m.j.", "jednotka", "unidade", "satuan", "単位", "單位", "单位", "enhed", "enhet", "đvt", "đơn vị tính", "ед", "ед. изм."] },
  {
    key: "unit_price",
    kind: "number",
    cues: ["unit price", "price per unit", "price", "rate", "unit cost"],
    labels: ["unit price", "price", "preis", "einzelpreis", "e-preis", "ep", "stückpreis", "preis einheit", "preis/ einheit", "nettopreis", "netto preis", "prijs", "prijs per stuk", "stukprijs", "prix unitaire", "prix unit", "prix", "pu", "p.u", "rate", "unit cost", "price per unit", "unit price excl", "precio", "prezzo", "einzelpreis netto", "price (excl. vat)", "netto-preis", "einzelpreis eur", "price each", "unit rate", "vk-preis", "vk preis", "verkaufspreis", "listenpreis", "precio unitario", "precio unit", "p unit", "p unitario", "p unitaria", "p unitaire", "p unitário", "prezzo unitario", "prezzo unit", "eenheidsprijs", "stuksprijs", "prijs per eenheid", "prix unitaire ht", "pu ht", "tarif", "tarief", "unit price excl vat", "preis pro einheit", "cena", "cena netto", "cena jedn", "cena jednostkowa", "cena jedn. netto", "a-hinta", "a-hinta veroton", "yksikköhinta", "za kus", "cena za kus", "cena/mj", "cena za mj", "jednotková cena", "preço", "preco", "preço unitário", "preco unitario", "preço unit", "valor unitário", "valor unitario", "harga", "harga satuan", "単価", "單價", "单价", "satz", "stundensatz", "hourly rate", "per hour", "pro stunde", "pris", "enhedspris", "stykpris", "styckpris", "a pris", "á pris", "à pris", "đơn giá", "giá", "giá tiền", "цена", "precio lista", "pre lista"],
  },
  { key: "discount_percent", kind: "number", cues: ["discount"], labels: ["discount", "disc", "disc %", "discount %", "rabatt", "rabatt %", "remise", "korting", "descuento", "dto", "sconto", "sc.", "rabais", "korting %", "remise %", "rabat", "rabat %", "upust", "alennus", "sleva", "desconto", "diskon", "割引", "折扣"] },
  {
    key: "tax_rate",
    kind: "number",
    cues: ["tax rate", "vat rate", "tax percent", "vat %", "tax"],
    labels: ["vat %", "vat", "tax %", "tax", "taxes", "tax rate", "vat rate", "mwst", "mwst %", "ust", "ust %", "ust. %", "steuer", "steuersatz", "steuer %", "btw", "btw %", "tva", "tva %", "taux tva", "iva", "gst", "gst %", "ust satz", "mwst satz", "steuersatz %", "tax code", "tipo iva", "iva %", "aliquota", "aliquota iva", "btw tarief", "btw-tarief", "taux", "taux tva", "tarifa iva", "stawka vat", "stawka vat %", "alv", "alv %", "alv-%", "dph", "sazba dph", "dph %", "sazba", "pajak", "税率", "稅率", "moms", "moms %", "ндс"],
  },
  {
    key: "amount",
    kind: "number",
    cues: ["line total", "amount", "total", "line amount", "net amount"],
    labels: ["amount", "total", "line total", "betrag", "gesamt", "gesamtpreis", "g-preis", "gesamtbetrag", "summe", "entgelt", "nettobetrag", "netto", "bedrag", "totaal", "montant", "montant ht", "total ht", "prix total", "net amount", "subtotal", "importe", "importo", "wert", "prijs incl btw", "price incl", "total price", "amount (usd)", "amount (eur)", "total price excl", "net", "nettowert", "positionsbetrag", "positions betrag", "gesamtwert", "line amount", "ext price", "extended price", "amount excl vat", "montant total", "total ttc", "zeilenbetrag", "zeilensumme", "positionswert", "cost", "totale", "importe total", "total linea", "totaal excl btw", "bedrag excl btw", "montant ht", "importo totale", "total net", "nettopreis gesamt", "gesamt netto", "valore", "valor", "valeur", "waarde", "wartość", "wartosc", "wartość netto", "wartosc netto", "yhteensä", "veroton yhteensä", "rivisumma", "regeltotaal", "regelbedrag", "bez dph", "celkem bez dph", "částka", "valor total", "jumlah", "金額", "金额", "請款金額", "gesamtkosten", "kosten", "sum", "cena łączna", "cena laczna", "wartość łączna", "beløb", "beløp", "belopp", "i alt", "thành tiền", "сумма", "стоимость", "pt", "p.t", "pt ht"],
  },
];
