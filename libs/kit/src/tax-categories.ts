// The product tax categories Levy knows: reference data fixed at build time, shared so
// that calc-engine (which prices them and serves list_tax_categories) and catalog (which
// refuses a product of an unknown category) read one list without calling each other.
// Taxability per jurisdiction lives with calc-engine's rate data.
export interface TaxCategory {
  readonly code: string;
  readonly name: string;
  readonly description: string;
  /**
   * Sold as tangible personal property: the per-item limits of US sales taxes (Florida's
   * surtax on the first $5,000 of an item, Tennessee's single article rules) apply only to these.
   */
  readonly tangible: boolean;
}

export const taxCategories: readonly TaxCategory[] = [
  {
    code: "GENERAL_MERCHANDISE",
    name: "General merchandise",
    description: "Tangible goods taxed at the general rate where no other category fits.",
    tangible: true,
  },
  {
    code: "CLOTHING_GENERAL",
    name: "Clothing",
    description: "Everyday clothing and footwear (exempt or reduced in some US states).",
    tangible: true,
  },
  {
    code: "CLOTHING_ACCESSORIES",
    name: "Clothing accessories",
    description: "Jewellery, handbags, watches and similar accessories, usually taxed like general goods.",
    tangible: true,
  },
  {
    code: "ELECTRONIC_GOODS",
    name: "Electronic goods",
    description: "Consumer electronics and their parts.",
    tangible: true,
  },
  {
    code: "SAAS_GENERAL",
    name: "Software as a service",
    description: "Remotely accessed software subscriptions.",
    tangible: false,
  },
  {
    code: "SOFTWARE_PREWRITTEN_DOWNLOAD",
    name: "Prewritten software, downloaded",
    description: "Canned software delivered electronically.",
    tangible: false,
  },
  {
    code: "SOFTWARE_PREWRITTEN_PHYSICAL",
    name: "Prewritten software, physical media",
    description: "Canned software delivered on a tangible medium.",
    tangible: true,
  },
  {
    code: "DIGITAL_GOODS",
    name: "Digital goods",
    description: "Digital audio, video, images and other electronically delivered products.",
    tangible: false,
  },
  { code: "EBOOKS", name: "E-books", description: "Electronically delivered books.", tangible: false },
  {
    code: "BOOKS_PRINTED",
    name: "Printed books",
    description: "Printed books (reduced rates in many VAT countries).",
    tangible: true,
  },
  {
    code: "NEWSPAPERS_PERIODICALS",
    name: "Newspapers and periodicals",
    description: "Printed newspapers and magazines.",
    tangible: true,
  },
  {
    code: "GROCERIES",
    name: "Groceries",
    description: "Food and food ingredients for home consumption.",
    tangible: true,
  },
  {
    code: "PREPARED_FOOD",
    name: "Prepared food",
    description: "Food sold heated, mixed or with utensils, taxed like general goods in most states.",
    tangible: true,
  },
  { code: "SOFT_DRINKS", name: "Soft drinks", description: "Non-alcoholic beverages with sweeteners.", tangible: true },
  {
    code: "CANDY",
    name: "Candy",
    description: "Confectionery, often excluded from grocery exemptions.",
    tangible: true,
  },
  { code: "ALCOHOLIC_BEVERAGES", name: "Alcoholic beverages", description: "Beer, wine and spirits.", tangible: true },
  { code: "TOBACCO", name: "Tobacco", description: "Tobacco products.", tangible: true },
  {
    code: "PRESCRIPTION_DRUGS",
    name: "Prescription drugs",
    description: "Drugs dispensed under a prescription (exempt in every US state with a sales tax).",
    tangible: true,
  },
  { code: "OTC_DRUGS", name: "Over-the-counter drugs", description: "Non-prescription medicines.", tangible: true },
  {
    code: "MEDICAL_DEVICES",
    name: "Medical devices",
    description: "Durable medical equipment and prosthetics.",
    tangible: true,
  },
  {
    code: "PROFESSIONAL_SERVICES",
    name: "Professional services",
    description: "Legal, accounting, consulting and similar services.",
    tangible: false,
  },
  {
    code: "DATA_PROCESSING_SERVICES",
    name: "Data processing services",
    description: "Information and data processing services.",
    tangible: false,
  },
  {
    code: "INSTALLATION_SERVICES",
    name: "Installation services",
    description: "Labour to install tangible goods.",
    tangible: false,
  },
  {
    code: "SHIPPING",
    name: "Shipping and delivery",
    description: "Delivery charges billed to the customer.",
    tangible: false,
  },
  {
    code: "GIFT_CARDS",
    name: "Gift cards",
    description: "Stored-value cards and vouchers, not taxed at sale.",
    tangible: false,
  },
  { code: "EDUCATION_SERVICES", name: "Education services", description: "Tuition and training.", tangible: false },
  {
    code: "ADMISSIONS_EVENTS",
    name: "Admissions and events",
    description: "Tickets to entertainment and events.",
    tangible: false,
  },
  {
    code: "NON_TAXABLE",
    name: "Non-taxable",
    description: "Items outside the scope of sales tax and VAT.",
    tangible: false,
  },
];

const categoryCodes = new Set(taxCategories.map((category) => category.code));

export function isTaxCategory(code: string): boolean {
  return categoryCodes.has(code);
}

const tangibleCodes = new Set(taxCategories.filter((category) => category.tangible).map((category) => category.code));

/** Whether the category is sold as tangible personal property (unknown codes are not). */
export function isTangibleCategory(code: string): boolean {
  return tangibleCodes.has(code);
}

const categoryNames = new Map(taxCategories.map((category) => [category.code, category.name]));

/** The display name of a category; default products are named after it. */
export function taxCategoryName(code: string): string {
  return categoryNames.get(code) ?? code;
}
