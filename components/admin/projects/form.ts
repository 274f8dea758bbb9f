import { z } from '@/lib/validation/zod';

import { listDraftSchema } from '@/components/admin/use-list-editor';
import { PLACEHOLDER_IMAGE, PROJECT_CATEGORIES, type Project } from '@/lib/content/projects/types';
import type { ProjectItemValues } from '@/lib/validation/projects';

/** One project as the editor holds it: links as typed ('' = none), so a failed save shows what was entered. */
export interface ProjectFormItem {
  id: string;
  title: string;
  description: string;
  category: (typeof PROJECT_CATEGORIES)[number];
  technologies: string[];
  image: string;
  link: string;
  github: string;
  featured: boolean;
}

export function formItemFrom(project: Project | ProjectItemValues): ProjectFormItem {
  return {
    id: project.id,
    title: project.title,
    description: project.description,
    category: project.category,
    technologies: [...project.technologies],
    image: project.image === PLACEHOLDER_IMAGE ? '' : project.image,
    link: project.link ?? '',
    github: project.github ?? '',
    featured: project.featured,
  };
}

const formItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.enum(PROJECT_CATEGORIES),
  technologies: z.array(z.string()),
  image: z.string(),
  link: z.string(),
  github: z.string(),
  featured: z.boolean(),
});

/** A stored draft is read back only when it still has this shape. */
export const projectsDraftSchema = listDraftSchema<ProjectFormItem>(formItemSchema);
