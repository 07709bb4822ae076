import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { user } from "../../db/schema";
import { noSuchPerson } from "./admin-deps";

/** The person an admin action names, or 404. */
export async function findPerson(db: Database, id: string) {
  const [found] = await db
    .select({ id: user.id, email: user.email, role: user.role, image: user.image })
    .from(user)
    .where(eq(user.id, id));
  if (!found) throw noSuchPerson();
  return found;
}
