// The product tax categories Levy knows: reference data fixed at build time, shared so
// that calc-engine (which prices them and serves list_tax_categories) and catalog (which
// refuses a product of an unknown category) read one list without calling each other.
// Taxability per jurisdiction lives with calc-engine's rate data.
export interface TaxCategory {
  readonly code: string;
  readonly name: string;
  readonly description: string;
}

export const taxCategories: readonly TaxCategory[] = [
  {
    code: "GENERAL_MERCHANDISE",
    name: "General merchandise",
    description: "Tangible goods taxed at the general rate where no other category fits.",
  },
  {
    code: "CLOTHING_GENERAL",
    name: "Clothing",
    description: "Everyday clothing and footwear (exempt or reduced in some US states).",
  },
  {
    code: "CLOTHING_ACCESSORIES",
    name: "Clothing accessories",
    description: "Jewellery, handbags, watches and similar accessories, usually taxed like general goods.",
  },
  { code: "ELECTRONIC_GOODS", name: "Electronic goods", description: "Consumer electronics and their parts." },
  { code: "SAAS_GENERAL", name: "Software as a service", description: "Remotely accessed software subscriptions." },
  {
    code: "SOFTWARE_PREWRITTEN_DOWNLOAD",
    name: "Prewritten software, downloaded",
    description: "Canned software delivered electronically.",
  },
  {
    code: "SOFTWARE_PREWRITTEN_PHYSICAL",
    name: "Prewritten software, physical media",
    description: "Canned software delivered on a tangible medium.",
  },
  {
    code: "DIGITAL_GOODS",
    name: "Digital goods",
    description: "Digital audio, video, images and other electronically delivered products.",
  },
  { code: "EBOOKS", name: "E-books", description: "Electronically delivered books." },
  { code: "BOOKS_PRINTED", name: "Printed books", description: "Printed books (reduced rates in many VAT countries)." },
  {
    code: "NEWSPAPERS_PERIODICALS",
    name: "Newspapers and periodicals",
    description: "Printed newspapers and magazines.",
  },
  { code: "GROCERIES", name: "Groceries", description: "Food and food ingredients for home consumption." },
  {
    code: "PREPARED_FOOD",
    name: "Prepared food",
    description: "Food sold heated, mixed or with utensils, taxed like general goods in most states.",
  },
  { code: "SOFT_DRINKS", name: "Soft drinks", description: "Non-alcoholic beverages with sweeteners." },
  { code: "CANDY", name: "Candy", description: "Confectionery, often excluded from grocery exemptions." },
  { code: "ALCOHOLIC_BEVERAGES", name: "Alcoholic beverages", description: "Beer, wine and spirits." },
  { code: "TOBACCO", name: "Tobacco", description: "Tobacco products." },
  {
    code: "PRESCRIPTION_DRUGS",
    name: "Prescription drugs",
    description: "Drugs dispensed under a prescription (exempt in every US state with a sales tax).",
  },
  { code: "OTC_DRUGS", name: "Over-the-counter drugs", description: "Non-prescription medicines." },
  { code: "MEDICAL_DEVICES", name: "Medical devices", description: "Durable medical equipment and prosthetics." },
  {
    code: "PROFESSIONAL_SERVICES",
    name: "Professional services",
    description: "Legal, accounting, consulting and similar services.",
  },
  {
    code: "DATA_PROCESSING_SERVICES",
    name: "Data processing services",
    description: "Information and data processing services.",
  },
  { code: "INSTALLATION_SERVICES", name: "Installation services", description: "Labour to install tangible goods." },
  { code: "SHIPPING", name: "Shipping and delivery", description: "Delivery charges billed to the customer." },
  { code: "GIFT_CARDS", name: "Gift cards", description: "Stored-value cards and vouchers, not taxed at sale." },
  { code: "EDUCATION_SERVICES", name: "Education services", description: "Tuition and training." },
  { code: "ADMISSIONS_EVENTS", name: "Admissions and events", description: "Tickets to entertainment and events." },
  { code: "NON_TAXABLE", name: "Non-taxable", description: "Items outside the scope of sales tax and VAT." },
];

const categoryCodes = new Set(taxCategories.map((category) => category.code));

export function isTaxCategory(code: string): boolean {
  return categoryCodes.has(code);
}

const categoryNames = new Map(taxCategories.map((category) => [category.code, category.name]));

/** The display name of a category; default products are named after it. */
export function taxCategoryName(code: string): string {
  return categoryNames.get(code) ?? code;
}
